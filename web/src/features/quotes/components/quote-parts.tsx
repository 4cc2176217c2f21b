import type { Quote, QuoteStatus } from '@partsmith/contract';
import { useId, type ReactNode } from 'react';
import { href, Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FigureCell, PartLine } from '../../../components/ui/line-cells.tsx';
import { formatDollars } from '../../../lib/money.ts';

/** The pieces the quote pages share: a quote's status, dates and lines. */

export const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

export const quotesPageTitle = (name: string) => `${name} | Partsmith`;

/** A day in the browser's own language, e.g. "Mar 2, 2025". */
const localDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** A quote's last valid day is a UTC day (it holds until the end of it): shown as that day. */
const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function Day({ at, utc = false }: { at: string | null | undefined; utc?: boolean }) {
  const date = at ? new Date(at) : null;
  if (!at || !date || Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{(utc ? utcDay : localDay).format(date)}</time>;
}

/**
 * Where a quote stands as the page shows it: an answered quote past its last day is expired even
 * before the server has marked it so (it refuses to accept it: 410).
 */
export function shownStatus(quote: Quote, now = Date.now()): QuoteStatus {
  if (quote.status === 'answered' && quote.validUntil && Date.parse(quote.validUntil) < now) {
    return 'expired';
  }
  return quote.status;
}

/** Each status in words (the colour only repeats them). */
const STATUS: Record<QuoteStatus, { label: string; className: string }> = {
  requested: { label: 'Requested', className: 'border-amber-300 bg-amber-50 text-amber-900' },
  answered: { label: 'Answered', className: 'border-sky-300 bg-sky-50 text-sky-900' },
  accepted: { label: 'Accepted', className: 'border-green-300 bg-green-100 text-green-900' },
  expired: { label: 'Expired', className: 'border-slate-300 bg-slate-100 text-slate-900' },
};

export const statusLabel = (status: QuoteStatus) => STATUS[status].label;

export function StatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`badge shrink-0 font-semibold ${STATUS[status].className}`}>
      {STATUS[status].label}
    </span>
  );
}

/** A quote's heading line: its number, its status and when it was asked. */
function QuoteTitle({ quote, id }: { quote: Quote; id: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          Quote {quote.number}
        </h2>
        <p className="text-sm text-slate-700">
          Requested <Day at={quote.createdAt} />
        </p>
      </div>
      <StatusBadge status={shownStatus(quote)} />
    </div>
  );
}

/** A quote in a list: its heading line, then what the page shows of it (`children`). */
export function QuoteCard({ quote, children }: { quote: Quote; children: ReactNode }) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`${CARD} flex min-w-0 flex-col gap-4 p-4 sm:p-6`}
      >
        <QuoteTitle quote={quote} id={titleId} />
        {children}
      </article>
    </li>
  );
}

/** The quote's total and last valid day, once answered; where an accepted quote's order is. */
export function QuoteFacts({ quote }: { quote: Quote }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 text-slate-700">
      {quote.total !== null && (
        <div className="flex items-baseline gap-2">
          <dt>Total</dt>
          <dd className="text-xl font-extrabold text-slate-900 tabular-nums">
            {formatDollars(quote.total)}
          </dd>
        </div>
      )}
      {quote.validUntil && (
        <div className="flex items-baseline gap-2">
          <dt>Valid until</dt>
          <dd className="font-semibold text-slate-900">
            <Day at={quote.validUntil} utc />
          </dd>
        </div>
      )}
      {quote.status === 'accepted' && quote.acceptedAt && (
        <div className="flex items-baseline gap-2">
          <dt>Accepted</dt>
          <dd className="font-semibold text-slate-900">
            <Day at={quote.acceptedAt} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The admin's words with the answer (`heading`: 'A note from us' to the customer), kept as
 * written: line breaks shown, any markup shown as text. Nothing while there is none.
 */
export function AnswerMessage({ quote, heading }: { quote: Quote; heading: string }) {
  const headingId = useId();
  if (!quote.answeredAt || !quote.answerMessage) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border-l-4 border-sky-400 bg-sky-50 px-4 py-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-700">
        {heading}
      </h3>
      <p className="break-words whitespace-pre-line text-slate-900">{quote.answerMessage}</p>
    </section>
  );
}

/** An accepted quote's order (its page has the payment, the shipping, the invoice). */
export function OrderLink({ quote }: { quote: Quote }) {
  if (!quote.orderId) return null;
  return (
    <Link
      to={href('/dashboard/orders/:id', { id: encodeURIComponent(quote.orderId) })}
      className="btn btn-outline btn-primary btn-sm"
    >
      View the order <span className="sr-only">of quote {quote.number}</span>
    </Link>
  );
}

/** The columns before and after the company price's (shown when a line has one). */
const LIST_COLUMNS = [['Image'], ['Part'], ['Quantity', 'right'], ['List price', 'right']] as const;
const QUOTED_COLUMNS = [
  ['Quoted price', 'right'],
  ['Line total', 'right'],
] as const;

/** A quoted figure, once answered; before, no price yet, said in words. */
function Quoted({ value, className }: { value: number | null; className: string }) {
  if (value === null) {
    return (
      <span className="text-slate-700">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not quoted yet</span>
      </span>
    );
  }
  return <span className={className}>{formatDollars(value)}</span>;
}

/** The line's company price where it differs from its list price (decision 064), else null. */
export const companyPriceOf = (line: Quote['lines'][number]) =>
  line.companyPrice !== null &&
  line.companyPrice !== undefined &&
  line.companyPrice !== line.listPrice
    ? line.companyPrice
    : null;

/**
 * A quote's lines: the part, the quantity, the list price, the company's price beside it where a
 * line has one that differs (`companyPriceLabel`: "Your price" to the buyer who asked, "Company
 * price" to the others), and once answered the quote's prices.
 */
export function QuoteLines({
  quote,
  companyPriceLabel = 'Company price',
}: {
  quote: Quote;
  companyPriceLabel?: string;
}) {
  const company = quote.lines.some((line) => companyPriceOf(line) !== null);
  return (
    <DataTable
      wide="container"
      caption={`The parts of quote ${quote.number}`}
      columns={[
        ...LIST_COLUMNS,
        ...(company ? [[companyPriceLabel, 'right'] as const] : []),
        ...QUOTED_COLUMNS,
      ]}
      headPadding="px-4 py-2"
    >
      {quote.lines.map((line, index) => (
        <PartLine
          key={`${line.partId ?? 'gone'}-${index}`}
          line={line}
          picture="sm"
          priceLabel="List price"
          price={line.listPrice}
        >
          {company && (
            <FigureCell label={companyPriceLabel}>
              <CompanyPrice value={companyPriceOf(line)} />
            </FigureCell>
          )}
          <FigureCell label="Quoted price">
            <Quoted value={line.unitPrice} className="font-semibold text-green-800 tabular-nums" />
          </FigureCell>
          <FigureCell label="Line total">
            <Quoted value={line.total} className="font-semibold text-slate-900 tabular-nums" />
          </FigureCell>
        </PartLine>
      ))}
    </DataTable>
  );
}

/** A line's company price, or (none, or the list price) a dash said in words. */
function CompanyPrice({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <span className="text-slate-700">
        <span aria-hidden="true">—</span>
        <span className="sr-only">The list price</span>
      </span>
    );
  }
  return <span className="font-semibold text-slate-900 tabular-nums">{formatDollars(value)}</span>;
}
