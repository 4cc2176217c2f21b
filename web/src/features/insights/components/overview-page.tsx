import { LOW_STOCK_LISTED, SALES_SPANS, type Sales, type SalesSpan } from '@partsmith/contract';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useSales } from '../api/get-sales.ts';
import { CsvExport } from './csv-export.tsx';
import { count, Figure, shortDay } from './figures-layout.tsx';
import { LowStock, TopParts } from './parts-tables.tsx';
import { OrdersByState, RevenueByDay } from './sales-charts.tsx';

const spanOf = (value: string | null): SalesSpan =>
  SALES_SPANS.find((span) => span === value) ?? '30';

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
  // Invoices on payment terms, now (an older server's answer has none).
  const owed = sales.receivables ?? {
    outstanding: 0,
    overdue: 0,
    openInvoices: 0,
    overdueInvoices: 0,
  };
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Revenue" value={formatDollars(sales.revenue)} />
        <Figure label="Shipping charged" value={formatDollars(sales.shipping ?? 0)} />
        <Figure label="Sales tax collected" value={formatDollars(sales.tax ?? 0)} />
        <Figure label="Paid orders" value={count(sales.paidOrders)} />
        <Figure label="Average order" value={formatDollars(sales.averageOrderValue)} />
        <Figure
          label="Parts low in stock"
          value={
            // The overview lists the emptiest LOW_STOCK_LISTED: a full list may not be all of them.
            sales.lowStock.length >= LOW_STOCK_LISTED
              ? `${count(LOW_STOCK_LISTED)}+`
              : count(sales.lowStock.length)
          }
        />
        <Figure
          label="Outstanding on account"
          value={formatDollars(owed.outstanding)}
          detail={`${count(owed.openInvoices)} open ${owed.openInvoices === 1 ? 'invoice' : 'invoices'}`}
        />
        <Figure
          label="Overdue"
          value={formatDollars(owed.overdue)}
          detail={`${count(owed.overdueInvoices)} past due`}
          alert={owed.overdueInvoices > 0}
        />
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
