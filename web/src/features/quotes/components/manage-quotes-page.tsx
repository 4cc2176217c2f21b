import type { Quote, QuoteStatus } from '@partsmith/contract';
import {
  ADMIN_LIST_DEFAULT,
  ADMIN_QUOTE_SORTS,
  AdminQuotesQuery,
} from '@partsmith/contract/admin-lists';
import { useId, useRef, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { CELL, CellLabel, FigureCell, LINE } from '../../../components/ui/line-cells.tsx';
import {
  FilterSelect,
  ListPager,
  ListSearchBox,
  ListSummary,
  ListToolbar,
  NoMatches,
  SortSelect,
} from '../../../components/ui/list-controls.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useAdminQuotes } from '../api/get-admin-quotes.ts';
import { AnswerQuoteForm } from './answer-quote-form.tsx';
import {
  AnswerMessage,
  CARD,
  Day,
  OrderLink,
  QuoteFacts,
  QuoteLines,
  StatusBadge,
  quotesPageTitle,
  shownStatus,
  statusLabel,
} from './quote-parts.tsx';
import { QuotesPage } from './quotes-page.tsx';

export { QUOTE_SENT, utcDayFromToday } from './answer-quote-form.tsx';

export const MANAGE_QUOTES_TITLE = quotesPageTitle('Manage Quotes');

const FILTERS = ['q', 'state'] as const;

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/** The contract's quote states, as the filter offers them. */
const STATES: { value: QuoteStatus; label: string }[] = (
  ['requested', 'answered', 'accepted', 'expired'] as const
).map((value) => ({ value, label: statusLabel(value) }));

const COLUMNS = [
  ['Quote'],
  ['Customer'],
  ['Parts'],
  ['Total', 'right'],
  ['Valid until'],
  ['Status'],
  ['Answer', 'right'],
] as const;

/** A row is a card (a grid of labelled lines) until the table's box is wide enough. */
const ROW = 'grid grid-cols-2 gap-x-4 gap-y-2 p-4 @4xl:table-row @4xl:p-0';

/** A figure of the table, or a dash said in words while there is none. */
function Missing({ why }: { why: string }) {
  return (
    <span className="text-slate-700">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

/** What the quote asks about in a few words: the first part, how many more, the units. */
function PartsAsked({ quote }: { quote: Quote }) {
  const [first, ...more] = quote.lines;
  const units = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (!first) return <Missing why="No parts" />;
  return (
    <span className="min-w-0 text-right @4xl:text-left">
      <span className="block break-words text-slate-900">
        {first.name}
        {more.length > 0 && ` and ${more.length} more`}
      </span>
      <span className="block text-sm text-slate-700">
        {units} {units === 1 ? 'unit' : 'units'}
      </span>
    </span>
  );
}

/**
 * One quote's row, and under it, once opened, what the quote holds: the customer's message, its
 * lines, the answer so far and the form that (re)answers it, or an accepted quote's order.
 */
function QuoteRow({
  quote,
  open,
  onToggle,
  onAnswered,
}: {
  quote: Quote;
  open: boolean;
  onToggle: () => void;
  onAnswered: (quote: Quote) => void;
}) {
  const detailsId = useId();
  const accepted = quote.status === 'accepted';
  return (
    <>
      <tr className={ROW}>
        <td className={`col-span-2 ${CELL}`}>
          <span className="block font-bold whitespace-nowrap text-slate-900">{quote.number}</span>
          <span className="block text-sm text-slate-700">
            Requested <Day at={quote.createdAt} />
          </span>
        </td>
        <td className={LINE}>
          <CellLabel>Customer</CellLabel>
          <span className="min-w-0 text-right break-words @4xl:text-left">
            <span className="block text-slate-900">{quote.userName}</span>
            <a
              href={`mailto:${quote.userEmail}`}
              className="link link-primary block text-sm [overflow-wrap:anywhere]"
            >
              {quote.userEmail}
            </a>
          </span>
        </td>
        <td className={LINE}>
          <CellLabel>Parts</CellLabel>
          <PartsAsked quote={quote} />
        </td>
        <FigureCell label="Total">
          {quote.total === null ? (
            <Missing why="Not quoted yet" />
          ) : (
            <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
              {formatDollars(quote.total)}
            </span>
          )}
        </FigureCell>
        <td className={LINE}>
          <CellLabel>Valid until</CellLabel>
          {quote.validUntil ? (
            <span className="whitespace-nowrap text-slate-900">
              <Day at={quote.validUntil} utc />
            </span>
          ) : (
            <Missing why="Not answered yet" />
          )}
        </td>
        <td className={LINE}>
          <CellLabel>Status</CellLabel>
          <StatusBadge status={shownStatus(quote)} />
        </td>
        <td className={`col-span-2 ${CELL} @4xl:text-right`}>
          <button
            type="button"
            className={`btn btn-sm w-full whitespace-nowrap @4xl:w-auto ${accepted ? 'btn-outline btn-primary' : 'btn-primary'}`}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={onToggle}
          >
            {accepted ? 'View' : 'Answer'} <span className="sr-only">quote {quote.number}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr className="block @4xl:table-row">
          <td colSpan={COLUMNS.length} className="block bg-slate-50 p-4 @4xl:table-cell @4xl:p-6">
            <section
              id={detailsId}
              aria-labelledby={`${detailsId}-heading`}
              className="flex min-w-0 flex-col gap-4"
            >
              <h2 id={`${detailsId}-heading`} className="text-lg font-bold text-slate-900">
                Quote {quote.number}
              </h2>
              <dl className="grid gap-1 text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6 sm:gap-y-3">
                <dt className="font-semibold">Message</dt>
                <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">
                  {quote.message || 'No message.'}
                </dd>
                {quote.answeredAt && (
                  <>
                    <dt className="font-semibold">Answered</dt>
                    <dd className="text-slate-900">
                      <Day at={quote.answeredAt} />
                    </dd>
                  </>
                )}
              </dl>
              {accepted ? (
                <>
                  <QuoteLines quote={quote} />
                  <QuoteFacts quote={quote} />
                  <AnswerMessage quote={quote} heading="Your message to the customer" />
                  <div>
                    <OrderLink quote={quote} />
                  </div>
                </>
              ) : (
                <>
                  {quote.status !== 'requested' && <QuoteFacts quote={quote} />}
                  <AnswerQuoteForm quote={quote} onAnswered={onAnswered} />
                </>
              )}
            </section>
          </td>
        </tr>
      )}
    </>
  );
}

/** How many requests wait for prices, and the way to list only those. */
function Waiting({ count, shown, onShow }: { count: number; shown: boolean; onShow: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-slate-700">
        {count === 0
          ? 'No request is waiting for prices.'
          : `${count} ${count === 1 ? 'request is' : 'requests are'} waiting for prices.`}
      </p>
      {count > 0 && !shown && (
        <button type="button" className="btn btn-sm btn-outline btn-primary" onClick={onShow}>
          Show the waiting requests
        </button>
      )}
    </div>
  );
}

function NoRequests() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">No quote requests yet.</p>
      <p className="max-w-md text-slate-700">Requests show up here as customers ask for prices.</p>
    </div>
  );
}

/**
 * /dashboard/manage-quotes (admins): 'All Quotes: {count}' and how many requests wait for prices,
 * then a table of every quote a page at a time from the server (GET /api/admin/quotes), newest
 * first, with a search (a quote number, a customer's name or e-mail, a part's name), a status
 * filter and the sort, all in the address. Each row opens to the customer's message and the quote's
 * lines, with the form that prices each line, sets the last valid day and says a word to the
 * customer (Send quote), or, once accepted, its order. A search that finds one quote opens it (the
 * request mail links to its number).
 */
export function ManageQuotesPage() {
  const list = useListParams({
    schema: AdminQuotesQuery,
    filters: FILTERS,
    sorts: ADMIN_QUOTE_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total, waiting } = useAdminQuotes(list);
  const summary = useRef<HTMLParagraphElement>(null);
  // The rows the admin opened or closed, against each row's default (closed; open when a search
  // found it alone).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setToggled((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const items = page.data?.items ?? [];
  const busy = page.isPlaceholderData;
  const { q, state } = list.values;
  const openAlone = items.length === 1 && q !== '' && !busy;
  const sortLabel = SORTS.find((sort) => sort.value === list.sort)?.label ?? '';
  const caption = `${list.filtered ? 'Quotes that match the search and filters' : 'All quotes'}, ${sortLabel.toLowerCase()}`;

  // Answered while only the waiting requests are listed: the row leaves the list, so the focus
  // goes to the summary, which says what the list holds now.
  const onAnswered = () => {
    if (state === 'requested') summary.current?.focus();
  };

  let body;
  if (page.isPending) {
    body = (
      <SkeletonList
        label="Loading the quotes"
        rows={3}
        className={`${CARD} flex flex-col gap-4 p-4`}
        picture="h-12 w-12"
      />
    );
  } else if (page.isError && !page.data) {
    body = <LoadFailed what="the quotes" query={page} />;
  } else if (items.length === 0) {
    body = list.cursor ? (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">No quotes on this page any more.</p>
        <button type="button" className="btn btn-outline btn-primary" onClick={list.first}>
          First page
        </button>
      </div>
    ) : list.filtered ? (
      <NoMatches noun="quotes" q={q} narrowed={state !== ''} onClear={list.clearFilters}>
        Try a quote number (such as Q-000123), a customer&apos;s name or e-mail, or a part name.
      </NoMatches>
    ) : (
      <NoRequests />
    );
  } else {
    body = (
      <>
        <div
          aria-busy={busy || undefined}
          className={`transition-opacity motion-reduce:transition-none ${busy ? 'opacity-60' : ''}`}
        >
          <DataTable wide="container" caption={caption} columns={COLUMNS}>
            {items.map((quote) => (
              <QuoteRow
                key={quote._id}
                quote={quote}
                open={toggled.has(quote._id) !== openAlone}
                onToggle={() => toggle(quote._id)}
                onAnswered={onAnswered}
              />
            ))}
          </DataTable>
        </div>
        <ListPager
          list={list}
          nextCursor={page.data?.nextCursor}
          noun="quotes"
          busy={busy}
          summaryRef={summary}
        />
      </>
    );
  }

  return (
    <QuotesPage
      documentTitle={MANAGE_QUOTES_TITLE}
      eyebrow="Quotes"
      title={total === undefined ? 'All Quotes' : `All Quotes: ${total}`}
    >
      <div>
        {waiting !== undefined && (
          <Waiting
            count={waiting}
            shown={state === 'requested' && q === ''}
            onShow={() => list.setFilters({ q: '', state: 'requested' })}
          />
        )}
        <ListToolbar
          label="Find quotes"
          search={
            <ListSearchBox
              label="Search all quotes"
              placeholder="Quote number, customer or part"
              value={q}
              onSearch={list.setSearch}
            />
          }
          filtered={list.filtered}
          onClear={list.clearFilters}
        >
          <FilterSelect
            label="Status"
            all="Any status"
            value={state}
            choices={STATES}
            onChange={(value) => list.setFilters({ state: value })}
          />
          <SortSelect value={list.sort} choices={SORTS} onChange={list.setSort} />
        </ListToolbar>
        <ListSummary
          list={list}
          shown={items.length}
          total={page.data?.total}
          noun={['quote', 'quotes']}
          busy={busy}
          summaryRef={summary}
        />
        {body}
      </div>
    </QuotesPage>
  );
}
