import type { SearchFacets, SearchSort } from '@partsmith/contract';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { href, Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSearchParts } from '../api/search-parts.ts';
import { ResultCard } from './result-card.tsx';

export const SEARCH_TITLE = 'Search the parts | Partsmith';

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
};

/** The price range's two boxes: their params and labels. */
const PRICE_BOUNDS = [
  ['minPrice', 'From'],
  ['maxPrice', 'To'],
] as const;

/** The search's own params: a change of any of them starts the list again. */
type Change = (params: URLSearchParams) => void;

/** A copy of the URL's params with `change` made. */
function changed(current: URLSearchParams, change: Change) {
  const next = new URLSearchParams(current);
  change(next);
  return next;
}

function CategoryFacet({
  facets,
  params,
}: {
  facets: SearchFacets['categories'];
  params: URLSearchParams;
}) {
  const to = (slug: string | null) => {
    const next = changed(params, (p) => {
      // Another category has other attributes: their filters go.
      for (const key of [...p.keys()]) if (key.startsWith('f.')) p.delete(key);
      if (slug) p.set('category', slug);
      else p.delete('category');
    });
    return `${href('/parts')}?${next}`;
  };
  const chosen = params.get('category');
  const link = 'flex justify-between gap-2 rounded-lg px-3 py-2 hover:bg-slate-100';
  return (
    <nav aria-label="Categories">
      <h2 className="mb-2 text-lg font-bold text-slate-900">Category</h2>
      <ul className="flex flex-col gap-1">
        <li>
          <Link
            to={to(null)}
            aria-current={chosen ? undefined : 'page'}
            className={`${link} ${chosen ? 'text-slate-700' : 'font-bold text-slate-900'}`}
          >
            All parts
          </Link>
        </li>
        {facets.map((c) => (
          <li key={c.slug}>
            <Link
              to={to(c.slug)}
              aria-current={c.selected ? 'page' : undefined}
              className={`${link} ${c.selected ? 'bg-orange-50 font-bold text-slate-900' : 'text-slate-700'}`}
            >
              <span>{c.name}</span>
              <span className="tabular-nums">{c.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AttributeFacets({
  facets,
  params,
  setParams,
}: {
  facets: SearchFacets['attributes'];
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const toggle = (key: string, value: string, on: boolean) =>
    setParams(
      changed(params, (p) => {
        const name = `f.${key}`;
        const values = p.getAll(name).filter((v) => v !== value);
        p.delete(name);
        for (const v of on ? [...values, value] : values) p.append(name, v);
      }),
    );
  return (
    <>
      {facets
        .filter((f) => f.values.length > 0)
        .map((facet) => (
          <fieldset key={facet.key} className="border-t border-slate-200 pt-4">
            <legend className="mb-2 font-bold text-slate-900">{facet.label}</legend>
            <ul className="flex flex-col gap-1">
              {facet.values.map((v) => {
                const label =
                  facet.type === 'boolean'
                    ? v.value === 'true'
                      ? 'Yes'
                      : 'No'
                    : `${v.value}${facet.unit ? ` ${facet.unit}` : ''}`;
                return (
                  <li key={v.value}>
                    <label className="flex cursor-pointer items-center gap-2 py-1 text-slate-800">
                      <input
                        type="checkbox"
                        className="size-4 accent-orange-700"
                        // From the URL, not the answer: ticked at once, while the new counts load.
                        checked={params.getAll(`f.${facet.key}`).includes(v.value)}
                        onChange={(e) => toggle(facet.key, v.value, e.currentTarget.checked)}
                      />
                      <span className="flex-1">{label}</span>
                      <span className="text-sm text-slate-700 tabular-nums">{v.count}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
    </>
  );
}

function PriceAndStock({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams(
      changed(params, (p) => {
        for (const [name] of PRICE_BOUNDS) {
          const value = String(form.get(name) ?? '').trim();
          if (value) p.set(name, value);
          else p.delete(name);
        }
      }),
    );
  };
  const inStock = params.get('inStock') === 'true';
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <form onSubmit={apply} aria-labelledby={`${id}-price`} className="flex flex-col gap-2">
        <h2 id={`${id}-price`} className="font-bold text-slate-900">
          Price (USD)
        </h2>
        <div className="flex items-end gap-2">
          {PRICE_BOUNDS.map(([name, label]) => (
            <label key={name} className="flex flex-col text-sm text-slate-700">
              {label}
              <input
                name={name}
                inputMode="decimal"
                defaultValue={params.get(name) ?? ''}
                key={params.get(name)}
                className="input input-bordered input-sm w-20"
              />
            </label>
          ))}
          <button type="submit" className="btn btn-sm btn-outline">
            Apply
          </button>
        </div>
      </form>
      <label className="flex cursor-pointer items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-orange-700"
          checked={inStock}
          onChange={(e) =>
            setParams(
              changed(params, (p) => {
                if (e.currentTarget.checked) p.set('inStock', 'true');
                else p.delete('inStock');
              }),
            )
          }
        />
        In stock only
      </label>
    </div>
  );
}

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
  const search = useSearchParts(params);
  const first = search.data?.pages[0];
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') as SearchSort | null) ?? 'relevance';
  const filtered = [...params.keys()].some((k) => k !== 'sort');

  useEffect(() => {
    document.title = q ? `${q} | Search the parts | Partsmith` : SEARCH_TITLE;
  }, [q]);

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
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Search the parts</h1>
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

        <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
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
                {first ? `${first.total} ${first.total === 1 ? 'part' : 'parts'}` : 'Searching…'}
              </h2>
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
            ) : search.isPending ? (
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
                <ul
                  className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${search.isPlaceholderData ? 'opacity-60' : ''}`}
                >
                  {items.map((part, index) => (
                    // The first cards are the first screen's: their pictures load at once; the
                    // others are laid out as they near it (a card is about 23rem tall).
                    <li
                      key={part._id}
                      className={index < 2 ? undefined : 'below-fold [--fold-size:23rem]'}
                    >
                      <ResultCard part={part} priority={index < 2} />
                    </li>
                  ))}
                </ul>
                {search.hasNextPage && (
                  <button
                    type="button"
                    className="btn btn-outline self-center"
                    disabled={search.isFetchingNextPage}
                    onClick={() => void search.fetchNextPage()}
                  >
                    {search.isFetchingNextPage && (
                      <span aria-hidden="true" className="spinner size-5" />
                    )}
                    Show more parts
                  </button>
                )}
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
