import { SALES_SPANS, type Sales, type SalesSpan } from '@partsmith/contract';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as paths from 'virtual:page-paths';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { errorText } from '../../../lib/error-text.ts';
import { ordersCsvUrl, useSales } from '../api/get-sales.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import type { ChartSpec } from './chart-js.ts';

const BOX = 'rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5';
const H2 = 'text-lg font-bold text-slate-900';
const TABLE = 'w-full text-left text-sm';
const TH = 'px-2 py-2 font-semibold';
const TD = 'px-2 py-1.5';
/** The orders' states in the order they go through, with the colour of each bar (3:1 on white). */
const STATES = [
  ['unpaid', 'Unpaid', '#b91c1c'],
  ['paid', 'Paid, to ship', '#b45309'],
  ['shipped', 'Shipped', '#15803d'],
] as const;

const count = (n: number) => n.toLocaleString('en-US');
/** '2025-03-02' as 'Mar 2' (UTC: the days are UTC days). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const spanOf = (value: string | null): SalesSpan =>
  SALES_SPANS.find((span) => span === value) ?? '30';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={BOX}>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** A section of the page: a heading that names it (for the landmarks list), then its content. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${BOX} flex min-w-0 flex-col gap-3`}>
      <h2 id={id} className={H2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A header cell of a figures table: the first column names the rows, the others hold numbers. */
type Column = readonly [label: string, align?: 'right'];

/**
 * A table of figures (the page's tables look alike): a caption for screen readers, a grey
 * header row, then the rows. `sticky` keeps the header in view in a scrolling box; `tabular`
 * lines up the digits of the whole body (else the cells that want it say so).
 */
function FiguresTable({
  caption,
  columns,
  sticky = false,
  tabular = false,
  children,
}: {
  caption: ReactNode;
  columns: readonly Column[];
  sticky?: boolean;
  tabular?: boolean;
  children: ReactNode;
}) {
  return (
    <table className={TABLE}>
      <caption className="sr-only">{caption}</caption>
      <thead className={`${sticky ? 'sticky top-0 ' : ''}bg-slate-100 text-slate-900`}>
        <tr>
          {columns.map(([label, align]) => (
            <th key={label} scope="col" className={align === 'right' ? `${TH} text-right` : TH}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={`divide-y divide-slate-200${tabular ? ' tabular-nums' : ''}`}>
        {children}
      </tbody>
    </table>
  );
}

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

function RevenueByDay({ sales }: { sales: Sales }) {
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

function OrdersByState({ sales }: { sales: Sales }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      type: 'bar',
      labels: STATES.map(([, label]) => label),
      values: STATES.map(([key]) => sales.ordersByState[key]),
      label: 'Orders',
      format: (n) => count(Math.round(n)),
      colors: STATES.map(([, , color]) => color),
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

function TopParts({ sales }: { sales: Sales }) {
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

function LowStock({ sales }: { sales: Sales }) {
  return (
    <PartsSection
      title="Low stock"
      empty={sales.lowStock.length === 0 && 'Every part is at or above its low-stock alert.'}
    >
      <FiguresTable
        caption="Parts below their low-stock alert, emptiest first"
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
      <Link to={paths.manageParts} className="link text-sm font-semibold text-orange-800">
        Restock in Manage Products
      </Link>
    </PartsSection>
  );
}

/** The accounting export: the orders of a date range as a CSV file. */
function CsvExport() {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const backwards = Boolean(from && to && from > to);
  return (
    <Section title="Export orders">
      <p className="text-sm text-slate-700">
        The orders placed between two days (UTC, both included) as a CSV file for your accounts.
        Leave a date empty to start at the first order or end today.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-semibold text-slate-900">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="input input-sm border border-slate-500 bg-white"
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-semibold text-slate-900">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-error` : undefined}
            onChange={(event) => setTo(event.target.value)}
            className={`input input-sm border bg-white ${backwards ? 'border-error' : 'border-slate-500'}`}
          />
        </div>
        {backwards ? (
          <span className="btn btn-sm btn-disabled" aria-disabled="true">
            Download CSV
          </span>
        ) : (
          <a className="btn btn-primary btn-sm" href={ordersCsvUrl({ from, to })} download>
            Download CSV
          </a>
        )}
      </div>
      {backwards && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          From must not be after To.
        </p>
      )}
    </Section>
  );
}

function SpanSwitch({ span, onChange }: { span: SalesSpan; onChange: (span: SalesSpan) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex">
      {SALES_SPANS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === span}
          onClick={() => onChange(option)}
          className={`btn btn-sm rounded-none first:rounded-l-field last:rounded-r-field ${option === span ? 'btn-primary' : 'border-slate-500 bg-white'}`}
        >
          Last {option} days
        </button>
      ))}
    </div>
  );
}

function Loading() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading the figures</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton-pulse h-20" />
        ))}
      </div>
      <div aria-hidden="true" className="skeleton-pulse h-64" />
      <div aria-hidden="true" className="grid gap-4 lg:grid-cols-2">
        <div className="skeleton-pulse h-56" />
        <div className="skeleton-pulse h-56" />
      </div>
    </div>
  );
}

function Figures({ sales }: { sales: Sales }) {
  const { unpaid, paid, shipped } = sales.ordersByState;
  const noOrders = unpaid + paid + shipped === 0 && sales.paidOrders === 0;
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Revenue" value={formatDollars(sales.revenue)} />
        <Figure label="Paid orders" value={count(sales.paidOrders)} />
        <Figure label="Average order" value={formatDollars(sales.averageOrderValue)} />
        <Figure label="Parts low in stock" value={count(sales.lowStock.length)} />
      </dl>
      {noOrders ? (
        <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">
            No orders in the last {sales.days} days.
          </p>
          <p className="max-w-md text-slate-700">
            Revenue and orders show up here as customers buy.
          </p>
        </div>
      ) : (
        <>
          <RevenueByDay sales={sales} />
          <div className="grid gap-4 lg:grid-cols-2">
            <OrdersByState sales={sales} />
            <TopParts sales={sales} />
          </div>
        </>
      )}
      <LowStock sales={sales} />
    </>
  );
}

/**
 * /dashboard/overview: the shop's numbers over the last 30 or 90 days (the span is kept in the
 * address): headline figures, revenue by day, orders by state, the best-selling parts, the parts
 * running low, and the CSV export of the orders. Each chart has a table of the same numbers.
 */
export function OverviewPage() {
  const [search, setSearch] = useSearchParams();
  const span = spanOf(search.get('days'));
  const sales = useSales(span);

  useEffect(() => {
    document.title = 'Sales & Stock | Partsmith';
  }, []);

  const choose = (next: SalesSpan) =>
    setSearch(next === '30' ? {} : { days: next }, { replace: true });

  let body: ReactNode;
  if (sales.isPending) body = <Loading />;
  else if (sales.isError && !sales.data) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-box bg-white p-8 text-center shadow-sm ring-1 ring-slate-900/5"
      >
        <p className="text-lg font-semibold text-slate-900">We could not load the figures.</p>
        <p className="text-slate-700">{errorText(sales.error)}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={sales.isFetching}
          onClick={() => void sales.refetch()}
        >
          Retry
        </button>
      </div>
    );
  } else if (sales.data) {
    body = (
      <div
        aria-busy={sales.isPlaceholderData || undefined}
        className={`flex flex-col gap-4 ${sales.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <Figures sales={sales.data} />
      </div>
    );
  }

  return (
    <DashboardPage
      eyebrow="Overview"
      title="Sales & stock"
      intro="The shop's numbers over the last days (UTC), the parts running low, and your orders as a CSV file."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SpanSwitch span={span} onChange={choose} />
        {sales.data && (
          <p className="text-sm text-slate-700">
            {shortDay(sales.data.from)} to {shortDay(sales.data.to)}
          </p>
        )}
      </div>
      {body}
      <CsvExport />
    </DashboardPage>
  );
}
