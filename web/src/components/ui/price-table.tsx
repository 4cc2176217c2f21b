// The pricing functions come straight from their file, not from '@partsmith/contract' (its index
// loads every zod schema). Shared by the purchase page and the part page.
import type { PriceTier } from '@partsmith/contract/pricing';
import { formatDollars } from '../../lib/money.ts';

/** A tier's quantities as the table shows them: '1-9', '50+', or '10' for a one-unit tier. */
export function tierQuantities(tier: PriceTier): string {
  if (tier.to === null) return `${tier.from}+`;
  return tier.to === tier.from ? String(tier.from) : `${tier.from}-${tier.to}`;
}

/**
 * A part's volume prices: each range of quantities and its unit price, the range the chosen
 * quantity falls in marked as the current one.
 */
export function PriceTable({ tiers, quantity }: { tiers: PriceTier[]; quantity: number | null }) {
  const applies = (tier: PriceTier) =>
    quantity !== null && quantity >= tier.from && (tier.to === null || quantity <= tier.to);
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-900">Volume prices</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-700">
          <th scope="col" className="py-1 pr-4 font-semibold">
            Quantity
          </th>
          <th scope="col" className="py-1 font-semibold">
            Unit price
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => {
          const current = applies(tier);
          return (
            <tr
              key={tier.from}
              aria-current={current || undefined}
              className={
                current
                  ? 'bg-orange-50 font-bold text-slate-900'
                  : 'border-b border-slate-100 text-slate-700'
              }
            >
              <td className="py-1 pr-4">{tierQuantities(tier)}</td>
              <td className="py-1">{formatDollars(tier.priceCents / 100)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
