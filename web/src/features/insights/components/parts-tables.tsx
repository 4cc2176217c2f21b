import { LOW_STOCK_LISTED, type Sales } from '@partsmith/contract';
import type { ReactNode } from 'react';
import { href, Link } from 'react-router';
import { formatDollars } from '../../../lib/money.ts';
import { count, FiguresTable, Section, TD } from './figures-layout.tsx';

/** A section that lists parts, or says in a sentence why there are none. */
function PartsSection({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <Section title={title}>{empty ? <p className="text-slate-700">{empty}</p> : children}</Section>
  );
}

export function TopParts({ sales }: { sales: Sales }) {
  return (
    <PartsSection
      title="Top parts by revenue"
      empty={sales.topParts.length === 0 && 'No paid orders in these days.'}
    >
      <FiguresTable
        caption={`The ${sales.topParts.length} parts that brought the most in the last ${sales.days} days`}
        columns={[['Part'], ['Units', 'right'], ['Revenue', 'right']]}
      >
        {sales.topParts.map((p) => (
          <tr key={p.partId ?? `deleted-${p.name}`}>
            <th scope="row" className={`${TD} font-normal break-words`}>
              {p.name}
            </th>
            <td className={`${TD} text-right tabular-nums`}>{count(p.quantity)}</td>
            <td className={`${TD} text-right tabular-nums`}>{formatDollars(p.revenue)}</td>
          </tr>
        ))}
      </FiguresTable>
    </PartsSection>
  );
}

export function LowStock({ sales }: { sales: Sales }) {
  return (
    <PartsSection
      title="Low stock"
      empty={sales.lowStock.length === 0 && 'Every part is at or above its low-stock alert.'}
    >
      <FiguresTable
        caption={
          sales.lowStock.length >= LOW_STOCK_LISTED
            ? `The ${count(LOW_STOCK_LISTED)} emptiest parts below their low-stock alert`
            : 'Parts below their low-stock alert, emptiest first'
        }
        columns={[['Part'], ['Stock', 'right'], ['Alert below', 'right']]}
      >
        {sales.lowStock.map((p) => (
          <tr key={p._id}>
            <th scope="row" className={`${TD} font-normal break-words`}>
              {p.name}
            </th>
            <td
              className={`${TD} text-right font-semibold tabular-nums ${p.availableQuantity === 0 ? 'text-red-800' : 'text-slate-900'}`}
            >
              {count(p.availableQuantity)}
            </td>
            <td className={`${TD} text-right tabular-nums`}>{count(p.lowStockThreshold)}</td>
          </tr>
        ))}
      </FiguresTable>
      <Link
        to={href('/dashboard/manage-products')}
        className="link text-sm font-semibold text-orange-800"
      >
        Restock in Manage Products
      </Link>
    </PartsSection>
  );
}
