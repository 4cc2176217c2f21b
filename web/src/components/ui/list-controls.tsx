import { useEffect, useEffectEvent, useId, useState, type ReactNode, type RefObject } from 'react';
import type { ListParams } from '../../lib/use-list-params.ts';
import { SEARCH_DELAY_MS, SearchBoxForm } from './list-search.tsx';

/**
 * The controls of a server-paged list whose state is in the address (lib/use-list-params.ts):
 * its search box, filters, sort, the summary of what is shown and Previous / Next. Generic: the
 * admins' tables use them, any list paged on the server may.
 */

/**
 * The list's search box: what it holds is searched once typing pauses, or at once on Enter. It
 * follows the address when that changes otherwise (Back, Clear filters).
 */
export function ListSearchBox({
  label,
  placeholder,
  value,
  onSearch,
  delayMs = SEARCH_DELAY_MS,
}: {
  label: string;
  placeholder?: string;
  /** The search in the address. */
  value: string;
  onSearch: (q: string) => void;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  // The address changed under the box (Back, Clear filters): the box shows it. Typing that only
  // differs by spaces at the ends is the same search and is left as typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  // The page's latest onSearch, without restarting the pause each time the page renders.
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => search(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <SearchBoxForm
      label={label}
      placeholder={placeholder}
      text={text}
      onText={setText}
      onSubmit={() => {
        if (text.trim() !== value) onSearch(text.trim());
      }}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

const FIELD = 'flex min-w-0 flex-col gap-1 text-sm font-semibold text-slate-900';
const BOX = 'select w-full border border-slate-500 bg-white font-normal';

/** A labelled filter: `all` is the choice that leaves it unset (value ''). */
export function FilterSelect({
  label,
  value,
  choices,
  all,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  /** 'All categories' */
  all: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={FIELD}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={BOX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list's sort: one of `choices`, always set. */
export function SortSelect<S extends string>({
  value,
  choices,
  onChange,
}: {
  value: S;
  choices: readonly { value: S; label: string }[];
  onChange: (value: S) => void;
}) {
  const id = useId();
  return (
    <div className={FIELD}>
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className={BOX}
        value={value}
        onChange={(event) => onChange(event.target.value as S)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A day filter (YYYY-MM-DD, the browser's date picker); emptied, it is unset. */
export function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={FIELD}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="input w-full border border-slate-500 bg-white font-normal"
        value={value}
        min={min || undefined}
        max={max || undefined}
        // A half-typed date is '' until it is whole: only whole dates (or none) change the list.
        onChange={(event) => {
          const day = event.target.value;
          if (day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day)) onChange(day);
        }}
      />
    </div>
  );
}

/**
 * The box above a list: its search, then its filters and sort (`children`, a row that wraps),
 * and 'Clear filters' while any narrows the list.
 */
export function ListToolbar({
  label,
  search,
  filtered,
  onClear,
  children,
}: {
  /** 'Find parts' */
  label: string;
  search: ReactNode;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="mb-4 flex flex-col gap-3 rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      {search}
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {children}
      </div>
      {filtered && (
        <button
          type="button"
          className="btn btn-sm btn-ghost self-start underline"
          onClick={onClear}
        >
          Clear filters
        </button>
      )}
    </section>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What the list shows, said once it changes (a polite live region): how many match the search
 * and filters, and which rows this page holds. It takes the focus after Previous or Next, so the
 * keyboard and the screen continue at the top of the new page.
 */
export function ListSummary({
  list,
  shown,
  total,
  noun,
  busy,
  summaryRef,
}: {
  list: Pick<ListParams<string, string>, 'values' | 'filtered' | 'offset' | 'pageNumber'>;
  /** Rows on this page. */
  shown: number;
  /** Rows the search and filters find, or undefined while the first page loads. */
  total: number | undefined;
  /** [singular, plural]: ['part', 'parts'] */
  noun: readonly [string, string];
  /** Another page or filter is on its way. */
  busy: boolean;
  summaryRef: RefObject<HTMLParagraphElement | null>;
}) {
  const q = (list.values as Record<string, string>).q ?? '';
  let text = '';
  if (busy) text = `Loading the ${noun[1]}…`;
  else if (total !== undefined) {
    const found = `${count(total)} ${total === 1 ? noun[0] : noun[1]}`;
    const match = total === 1 ? 'matches' : 'match';
    const what = list.filtered ? `${found} ${match}${q ? ` “${q}”` : ' the filters'}.` : '';
    let rows = '';
    if (shown > 0 && list.offset !== null) {
      const range = `${count(list.offset + 1)}–${count(list.offset + shown)}`;
      rows = `Showing ${range} of ${count(Math.max(total, list.offset + shown))}${list.filtered ? '' : ` ${noun[1]}`}.`;
      if (list.pageNumber && list.pageNumber > 1) rows = `Page ${list.pageNumber}: ${rows}`;
    } else if (shown > 0) {
      rows = `Showing ${count(shown)} of ${count(Math.max(total, shown))}${list.filtered ? '' : ` ${noun[1]}`}.`;
    }
    text = [what, rows].filter(Boolean).join(' ');
  }
  return (
    <p
      ref={summaryRef}
      tabIndex={-1}
      aria-live="polite"
      className="mb-3 min-h-5 rounded px-1 text-sm text-slate-700 focus:outline-2 focus:outline-offset-2 focus:outline-primary"
    >
      {text}
    </p>
  );
}

/**
 * Previous and Next (and 'First page' when the list was opened mid-way, from a shared link,
 * whose earlier pages are not known). Both stay in their place while unavailable (aria-disabled)
 * so the keyboard never loses them; a click moves the focus to the summary above the list.
 */
export function ListPager({
  list,
  nextCursor,
  noun,
  busy,
  summaryRef,
}: {
  list: Pick<
    ListParams<string, string>,
    'hasPrevious' | 'onFirstPage' | 'next' | 'previous' | 'first'
  >;
  nextCursor: string | null | undefined;
  /** Plural: 'parts' */
  noun: string;
  busy: boolean;
  summaryRef: RefObject<HTMLElement | null>;
}) {
  if (list.onFirstPage && !nextCursor) return null;
  const turn = (go: () => void) => {
    if (busy) return;
    go();
    summaryRef.current?.focus();
  };
  const button = 'btn btn-outline btn-primary btn-sm min-w-28';
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-4 flex flex-wrap justify-end gap-2">
      {!list.onFirstPage && !list.hasPrevious && (
        <button type="button" className={button} onClick={() => turn(list.first)}>
          First page
        </button>
      )}
      <button
        type="button"
        className={button}
        aria-disabled={!list.hasPrevious || busy || undefined}
        onClick={() => {
          if (list.hasPrevious) turn(list.previous);
        }}
      >
        Previous page
      </button>
      <button
        type="button"
        className={button}
        aria-disabled={!nextCursor || busy || undefined}
        onClick={() => {
          if (nextCursor) turn(() => list.next(nextCursor));
        }}
      >
        Next page
      </button>
    </nav>
  );
}

/**
 * A search or filters that find nothing: says so, and offers the whole list back. `children`:
 * what to try instead.
 */
export function NoMatches({
  noun,
  q,
  narrowed,
  onClear,
  children,
}: {
  /** Plural: 'orders' */
  noun: string;
  /** The search, '' when none. */
  q: string;
  /** Whether a filter other than the search is set. */
  narrowed: boolean;
  onClear: () => void;
  children?: ReactNode;
}) {
  let text = `No ${noun} match these filters.`;
  if (q) text = `No ${noun} match “${q}”${narrowed ? ' with these filters' : ''}.`;
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">{text}</p>
      {children && <p className="max-w-md text-slate-700">{children}</p>}
      <button type="button" className="btn btn-outline btn-primary" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
