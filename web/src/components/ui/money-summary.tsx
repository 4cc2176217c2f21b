import type { CheckoutPreview } from '@partsmith/contract';
import { formatDollars } from '../../lib/money.ts';

/** How long a method takes: "3–5 business days", "1 business day". */
export function deliveryDays(days: { min: number; max: number }): string {
  const span = days.min === days.max ? `${days.min}` : `${days.min}–${days.max}`;
  return `${span} business day${days.max === 1 ? '' : 's'}`;
}

/**
 * What an order comes to, as the checkout's preview and an order's answer name it (dollars), and
 * the buyer's tax exemption when the order carries no sales tax for it.
 */
export type MoneyFigures = Pick<
  CheckoutPreview,
  'subtotal' | 'shipping' | 'shippingMethod' | 'taxes' | 'total'
> & { exemption?: string | null };

const ROW = 'flex items-baseline justify-between gap-4';

/**
 * Subtotal, shipping (its method and delivery time), each sales tax and the total, as one
 * description list: the cart's checkout, a quote's acceptance, the payment page and the order
 * page show an order's money the same way. Without a method (the purchase page's orders, older
 * ones) there is no shipping row.
 */
export function MoneySummary({
  money,
  totalLabel = 'Total',
}: {
  money: MoneyFigures;
  totalLabel?: string;
}) {
  return (
    <dl className="flex flex-col gap-1.5 text-slate-700">
      <div className={ROW}>
        <dt>Subtotal</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">
          {formatDollars(money.subtotal)}
        </dd>
      </div>
      {money.shippingMethod && (
        <div className={ROW}>
          <dt>
            Shipping{' '}
            <span className="text-sm text-slate-600">
              ({money.shippingMethod.name}, {deliveryDays(money.shippingMethod.days)})
            </span>
          </dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {money.shipping === 0 ? 'Free' : formatDollars(money.shipping)}
          </dd>
        </div>
      )}
      {money.taxes.map((tax) => (
        <div key={tax.name} className={ROW}>
          <dt>
            {tax.name} <span className="text-sm text-slate-600">({tax.rate}%)</span>
          </dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatDollars(tax.amount)}</dd>
        </div>
      ))}
      {money.exemption && (
        <div className={ROW}>
          <dt>Sales tax</dt>
          <dd className="text-sm text-slate-700">Exempt ({money.exemption})</dd>
        </div>
      )}
      <div className={`${ROW} mt-1 border-t border-slate-200 pt-2`}>
        <dt className="font-semibold text-slate-900">{totalLabel}</dt>
        <dd className="text-2xl font-extrabold text-slate-900 tabular-nums">
          {formatDollars(money.total)}
        </dd>
      </div>
    </dl>
  );
}
