import type { SearchSort } from '@partsmith/contract';
import { useEffect, useRef, type FormEvent } from 'react';
import { href, Link, useSearchParams } from 'react-router';
import { collectionHeading } from '../../../config/collections.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { CompareTray } from './compare-tray.tsx';
import { AttributeFacets, CategoryFacet, changed, PriceAndStock } from './search-filters.tsx';
import {
  Pager,
  ResultCards,
  ResultsTable,
  useSearchPage,
  viewOf,
  ViewSwitch,
} from './search-results.tsx';

const SEARCH_HEADING = 'Search the parts';

/**
 * The page's heading: the collection its params make (the footer's and the home page's links:
 * "New parts", "On volume price", "Best sellers"), else a search.
 */
export const searchHeading = (params: URLSearchParams) =>
  collectionHeading(params) ?? SEARCH_HEADING;

/** The page's title: the text searched for, if any, and the heading. */
export function searchTitle(params: URLSearchParams) {
  const q = params.get('q')?.trim();
  return `${q ? `${q} | ` : ''}${searchHeading(params)} | Partsmith`;
}

/**
 * The sorts in the order the box offers them, one label each (the type asks for every one). Only
 * types come from the contract's index here: a value from it would load its schemas with this
 * page (15 ms to evaluate on a phone, a long task at first paint).
 */
const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest first',
  'best-selling': 'Best selling',
};

/**
 * /parts: the catalogue searched by text and specification. Every choice lives in the URL (a
 * filtered list can be shared, Back undoes the last choice): the text, the category, each
 * attribute's values (`f.<key>`), the price range, in stock only and the sort.
 */
export function SearchPage() {
  const [params, setSearchParams] = useSearchParams();
  const setParams = (next: URLSearchParams) => setSearchParams(next);
  // Open beside the results on a wide screen; on a phone folded above them, the results first.
  // Folded in the markup (the server's HTML has no screen, and the browser's first render must
  // make the same) and opened once the app runs on a wide screen; until then the stylesheet
  // shows a folded box's content there (lg:details-content, where the browser has it).
  const filters = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (filters.current && window.matchMedia?.('(min-width: 1024px)').matches)
      filters.current.open = true;
  }, []);
  const { query: search, first, items, page, pages, turning } = useSearchPage(params);
  const view = viewOf(params);
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') as SearchSort | null) ?? 'relevance';
  const filtered = [...params.keys()].some((k) => !['sort', 'page', 'view'].includes(k));
  const heading = searchHeading(params);
  const title = searchTitle(params);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(
      changed(params, (p) => {
        if (text) p.set('q', text);
        else p.delete('q');
      }),
    );
  };

  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{heading}</h1>
        <form role="search" onSubmit={submit} className="mt-4 flex max-w-2xl gap-2">
          <label htmlFor="parts-q" className="sr-only">
            Search by name or specification
          </label>
          <input
            id="parts-q"
            name="q"
            type="search"
            key={q}
            defaultValue={q}
            maxLength={100}
            placeholder="DDR5 6000, AM5 micro-ATX, 850 W modular…"
            className="input input-bordered w-full"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>

        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside aria-label="Filters">
            <details
              className="group rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5 lg:open:block lg:details-content:[content-visibility:visible]"
              ref={filters}
            >
              <summary className="cursor-pointer font-bold text-slate-900 lg:hidden">
                Filters
              </summary>
              <div className="mt-2 flex flex-col gap-4 lg:mt-0">
                {first ? (
                  <>
                    <CategoryFacet facets={first.facets.categories} params={params} />
                    <AttributeFacets
                      facets={first.facets.attributes}
                      params={params}
                      setParams={setParams}
                    />
                  </>
                ) : (
                  <div aria-hidden="true" className="skeleton-pulse h-48 w-full" />
                )}
                <PriceAndStock params={params} setParams={setParams} />
              </div>
            </details>
          </aside>

          <section aria-labelledby="results-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2
                id="results-heading"
                aria-live="polite"
                className="text-lg font-bold text-slate-900"
              >
                {first
                  ? `${first.total} ${first.total === 1 ? 'part' : 'parts'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`
                  : 'Searching…'}
              </h2>
              <div className="flex flex-wrap items-center gap-3">
                <ViewSwitch params={params} />
                <label className="flex items-center gap-2 whitespace-nowrap text-slate-800">
                  Sort by
                  <select
                    className="select select-bordered select-sm"
                    value={sort}
                    onChange={(e) =>
                      setParams(changed(params, (p) => p.set('sort', e.currentTarget.value)))
                    }
                  >
                    {(Object.keys(SORT_LABELS) as SearchSort[]).map((s) => (
                      <option key={s} value={s}>
                        {SORT_LABELS[s]}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </div>
            {first?.searchedFor && (
              <p className="rounded-lg bg-sky-50 p-3 text-slate-900 ring-1 ring-sky-200">
                Showing results for <strong>{first.searchedFor}</strong> (you typed “{q}”).
              </p>
            )}
            {search.isError && !first ? (
              <div role="alert" className="rounded-lg bg-white p-6 text-slate-900 shadow-sm">
                <p>
                  {search.error instanceof ApiError
                    ? search.error.message
                    : 'We could not search the parts.'}
                </p>
                <button
                  type="button"
                  className="btn btn-primary mt-4"
                  onClick={() => void search.refetch()}
                >
                  Try again
                </button>
              </div>
            ) : search.isPending || (turning && items.length === 0) ? (
              <div role="status" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                <span className="sr-only">Searching the parts</span>
                {[0, 1, 2].map((i) => (
                  <div key={i} aria-hidden="true" className="skeleton-pulse h-72 w-full" />
                ))}
              </div>
            ) : items.length === 0 ? (
              <div className="rounded-lg bg-white p-6 text-slate-900 shadow-sm">
                <p className="font-semibold">No part matches this search.</p>
                {filtered && (
                  <Link to={href('/parts')} className="btn btn-outline mt-4">
                    Clear the search and filters
                  </Link>
                )}
              </div>
            ) : (
              <>
                {view === 'list' ? (
                  <ResultsTable items={items} />
                ) : (
                  <ResultCards items={items} dimmed={search.isPlaceholderData || turning} />
                )}
                <Pager params={params} page={page} pages={pages} />
              </>
            )}
          </section>
        </div>
      </div>
      <CompareTray />
    </div>
  );
}
