import type { Sales } from '@partsmith/contract';
import { useMemo, type ReactNode } from 'react';
import { formatDollars } from '../../../lib/money.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import type { ChartSpec } from './chart-js.ts';
import { count, FiguresTable, Section, shortDay, TD } from './figures-layout.tsx';

/** The orders' states in the order they go through, with the colour of each bar (3:1 on white). */
const STATES = [
  ['unpaid', 'Unpaid', '#b91c1c'],
  ['paid', 'To ship', '#b45309'],
  ['shipped', 'Shipped', '#15803d'],
] as const;

/** A section with a chart, described in words for screen readers, and the same numbers below. */
function ChartSection({
  title,
  spec,
  summary,
  children,
}: {
  title: string;
  spec: ChartSpec;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Section title={title}>
      <ChartCanvas spec={spec} summary={summary} />
      {children}
    </Section>
  );
}

export function RevenueByDay({ sales }: { sales: Sales }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      type: 'line',
      labels: sales.revenueByDay.map((d) => shortDay(d.day)),
      values: sales.revenueByDay.map((d) => d.revenue),
      label: 'Revenue',
      format: formatDollars,
      colors: ['#c2410c'],
    }),
    [sales.revenueByDay],
  );
  const best = sales.revenueByDay.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  return (
    <ChartSection
      title="Revenue by day"
      spec={spec}
      summary={`Line chart of the revenue by day from ${shortDay(sales.from)} to ${shortDay(sales.to)}: ${formatDollars(sales.revenue)} in all, the best day ${shortDay(best.day)} with ${formatDollars(best.revenue)}. The table below has every day.`}
    >
      <details className="group">
        <summary className="cursor-pointer text-sm font-semibold text-orange-800 underline-offset-2 hover:underline">
          Show the revenue of each day as a table
        </summary>
        {/* Scrolls on its own: reachable with the keyboard and named for screen readers. */}
        <div
          // A region that scrolls must take the keyboard's focus (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label="Revenue by day"
          className="mt-2 max-h-80 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <FiguresTable
            caption={`Revenue of the paid orders by day (UTC), ${sales.from} to ${sales.to}`}
            columns={[['Day'], ['Paid orders', 'right'], ['Revenue', 'right']]}
            sticky
            tabular
          >
            {sales.revenueByDay.map((d) => (
              <tr key={d.day}>
                <th scope="row" className={`${TD} font-normal`}>
                  <time dateTime={d.day}>{shortDay(d.day)}</time>
                </th>
                <td className={`${TD} text-right`}>{count(d.orders)}</td>
                <td className={`${TD} text-right`}>{formatDollars(d.revenue)}</td>
              </tr>
            ))}
          </FiguresTable>
        </div>
      </details>
    </ChartSection>
  );
}

export function OrdersByState({ sales }: { sales: Sales }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      type: 'bar',
      labels: STATES.map(([, label]) => label),
      values: STATES.map(([key]) => sales.ordersByState[key]),
      label: 'Orders',
      format: count,
      colors: STATES.map(([, , color]) => color),
      wholeNumbers: true,
    }),
    [sales.ordersByState],
  );
  return (
    <ChartSection
      title="Orders by state"
      spec={spec}
      summary={`Bar chart of the orders placed in the last ${sales.days} days by state: ${STATES.map(([key, label]) => `${label} ${count(sales.ordersByState[key])}`).join(', ')}.`}
    >
      <FiguresTable
        caption={`Orders placed in the last ${sales.days} days, by state`}
        columns={[['State'], ['Orders', 'right']]}
        tabular
      >
        {STATES.map(([key, label, color]) => (
          <tr key={key}>
            <th scope="row" className={`${TD} font-normal`}>
              <span
                aria-hidden="true"
                className="mr-2 inline-block h-3 w-3 rounded-sm align-middle"
                style={{ backgroundColor: color }}
              />
              {label}
            </th>
            <td className={`${TD} text-right`}>{count(sales.ordersByState[key])}</td>
          </tr>
        ))}
      </FiguresTable>
    </ChartSection>
  );
}
