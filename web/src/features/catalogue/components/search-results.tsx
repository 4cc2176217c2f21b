import type { CataloguePart } from '@partsmith/contract';
import { useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { href, Link } from 'react-router';
import { formatDollars } from '../../../lib/money.ts';
import { searchQuery } from '../api/search-parts.ts';
import { CompareToggle } from './compare-toggle.tsx';
import { canBuy } from './part-page-head.ts';
import { ResultCard } from './result-card.tsx';

/** The params of the page's URL that are the page's own, not the search's. */
const PAGE_PARAMS = ['page', 'view'];

/** The page of results the URL asks for: `?page=3`, else the first. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

/** Cards (the default) or a table with the category's specification columns (`?view=list`). */
export type ResultsView = 'cards' | 'list';
export const viewOf = (params: URLSearchParams): ResultsView =>
  params.get('view') === 'list' ? 'list' : 'cards';

/** The URL's params with another page or view, on /parts unless told (the site map's pages). */
export function withParam(
  params: URLSearchParams,
  name: string,
  value: string | null,
  path: string = href('/parts'),
) {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The search the URL asks for, at the page it names (`?page=3`): the API's pages are keyset
 * pages, each found from the one before, so the pages up to it are asked in turn (and kept: the
 * way back is at once). The page's own params (`page`, `view`) are not the search's.
 */
export function useSearchPage(params: URLSearchParams) {
  const search = new URLSearchParams(params);
  for (const name of PAGE_PARAMS) search.delete(name);
  const page = pageOf(params);
  const query = useInfiniteQuery({ ...searchQuery(search), placeholderData: keepPreviousData });
  const loaded = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = query;
  useEffect(() => {
    if (!isPlaceholderData && loaded > 0 && loaded < page && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [loaded, page, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData]);
  const first = query.data?.pages[0];
  const pageSize = first?.items.length || 1;
  const pages = first ? Math.max(1, Math.ceil(first.total / pageSize)) : 1;
  const current = query.data?.pages[Math.min(page, pages) - 1];
  return {
    query,
    first,
    page: Math.min(page, pages),
    pages,
    items: current?.items ?? [],
    /** Still finding the page asked for (its pages before it come first). */
    turning: !current && !!first,
  };
}

/** Previous, the page's number among them all, and Next: links, so each page has its URL. */
export function Pager({
  params,
  page,
  pages,
  path,
  label = 'Pages of results',
}: {
  params: URLSearchParams;
  page: number;
  pages: number;
  /** The page whose pages these are: /parts unless told. */
  path?: string;
  label?: string;
}) {
  if (pages <= 1) return null;
  const to = (n: number) => withParam(params, 'page', n === 1 ? null : String(n), path);
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const link = 'btn btn-sm';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={to(page - 1)} className={`${link} btn-outline`} rel="prev">
          Previous
        </Link>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {numbers.map((n, i) => (
          <li key={n} className="flex items-center gap-1">
            {i > 0 && n - numbers[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            <Link
              to={to(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className={`${link} ${n === page ? 'btn-primary' : 'btn-ghost'}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages && (
        <Link to={to(page + 1)} className={`${link} btn-outline`} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}

/** Cards or list: two links that keep the search, the chosen one marked. */
export function ViewSwitch({ params }: { params: URLSearchParams }) {
  const view = viewOf(params);
  const option = (value: ResultsView, label: string) => (
    <Link
      to={withParam(params, 'view', value === 'cards' ? null : value)}
      aria-current={view === value ? 'true' : undefined}
      className={`btn btn-sm join-item ${view === value ? 'btn-primary' : 'btn-outline'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Show the results as" className="join">
      {option('cards', 'Cards')}
      {option('list', 'List')}
    </nav>
  );
}

/** The specification's columns of the listed parts, in the order their category gives them. */
function specColumns(items: CataloguePart[]) {
  const columns = new Map<string, string>();
  for (const part of items)
    for (const row of part.specification)
      if (!columns.has(row.key)) columns.set(row.key, row.label);
  return [...columns];
}

/** The results as a table: name, part number, the specification's columns, price and stock. */
export function ResultsTable({ items }: { items: CataloguePart[] }) {
  const columns = specColumns(items);
  const cell = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-box bg-white shadow-sm ring-1 ring-slate-900/5">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Parts found, with their specification</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              Part
            </th>
            <th scope="col" className={cell}>
              Part number
            </th>
            {columns.map(([key, label]) => (
              <th key={key} scope="col" className={cell}>
                {label}
              </th>
            ))}
            <th scope="col" className={`${cell} text-right`}>
              Price
            </th>
            <th scope="col" className={cell}>
              Stock
            </th>
            <th scope="col" className={cell}>
              Compare
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((part) => {
            const values = new Map(part.specification.map((row) => [row.key, row.value]));
            return (
              <tr key={part._id} className="border-t border-slate-100">
                {/* The name keeps a readable width; the table scrolls sideways on a phone. */}
                <th scope="row" className={`${cell} min-w-48 font-semibold`}>
                  <Link
                    to={href('/parts/:partsId', { partsId: part._id })}
                    className="text-slate-900 underline underline-offset-4 hover:text-primary"
                  >
                    {part.name}
                  </Link>
                </th>
                <td className={`${cell} font-mono whitespace-nowrap`}>{part.sku}</td>
                {columns.map(([key]) => (
                  <td key={key} className={cell}>
                    {values.get(key) ?? '—'}
                  </td>
                ))}
                <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>
                  {formatDollars(part.price)}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {canBuy(part) ? `${part.availableQuantity} in stock` : 'Out of stock'}
                </td>
                <td className={cell}>
                  <CompareToggle partId={part._id} partName={part.name} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The results as cards, the first two pictures loaded at once. */
export function ResultCards({ items, dimmed }: { items: CataloguePart[]; dimmed: boolean }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}>
      {items.map((part, index) => (
        // The first cards are the first screen's: their pictures load at once; the others are
        // laid out as they near it (a card is about 23rem tall).
        <li key={part._id} className={index < 2 ? undefined : 'below-fold [--fold-size:23rem]'}>
          <ResultCard part={part} priority={index < 2} />
        </li>
      ))}
    </ul>
  );
}
