import { href, Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { searchQuery } from '../api/search-parts.ts';
import { Pager, useSearchPage } from './search-results.tsx';

/**
 * Parts a page of the site map lists: the search's largest page (SEARCH_PAGE_MAX, written here:
 * a value from the contract's index would load its schemas with this page).
 */
export const SITE_MAP_PAGE_SIZE = 60;

/** The search behind the site map's parts: every listed part, in the catalogue's order. */
const catalogueSearch = () => new URLSearchParams({ limit: String(SITE_MAP_PAGE_SIZE) });

/** The site map's first page of parts, for the page's server loader. */
export const catalogueIndexQuery = () => searchQuery(catalogueSearch());

// Underlined: beside a count or a part number, a link is told from text by more than its colour.
const linkClass = 'text-slate-900 underline underline-offset-4 hover:text-primary';

/**
 * The site map's catalogue (issue 48): its categories, each a link to its parts, and every listed
 * part, a page of SITE_MAP_PAGE_SIZE at a time (`?page=` in the URL: each page has its address).
 * `path` is the site map's own, for its pages' links.
 */
export function CatalogueIndex({ path }: { path: string }) {
  const [params] = useSearchParams();
  const search = catalogueSearch();
  const asked = params.get('page');
  if (asked) search.set('page', asked);
  const { query, first, items, page, pages, turning } = useSearchPage(search);
  const own = new URLSearchParams(page > 1 ? { page: String(page) } : {});

  if (query.isError && !first)
    return (
      <div role="alert" className="rounded-lg bg-white p-6 text-slate-900 shadow-sm">
        <p>
          {query.error instanceof ApiError
            ? query.error.message
            : 'We could not list the catalogue.'}
        </p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );

  return (
    <>
      <section aria-labelledby="site-map-categories">
        <h2 id="site-map-categories" className="text-2xl font-bold text-slate-900">
          Categories
        </h2>
        {first ? (
          <ul className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
            {first.facets.categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`${href('/parts')}?${new URLSearchParams({ category: c.slug })}`}
                  className={linkClass}
                >
                  {c.name}
                </Link>{' '}
                <span className="text-sm text-slate-600 tabular-nums">
                  ({c.count} {c.count === 1 ? 'part' : 'parts'})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div aria-hidden="true" className="skeleton-pulse mt-4 h-16 w-full" />
        )}
      </section>

      <section aria-labelledby="site-map-parts" className="flex flex-col gap-4">
        <div>
          <h2 id="site-map-parts" className="text-2xl font-bold text-slate-900">
            Parts
          </h2>
          <p aria-live="polite" className="mt-1 text-slate-700">
            {first
              ? `${first.total} ${first.total === 1 ? 'part' : 'parts'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`
              : 'Listing the parts…'}
          </p>
        </div>
        {query.isPending || turning ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Listing the parts</span>
            <div aria-hidden="true" className="skeleton-pulse h-48 w-full" />
          </div>
        ) : (
          <>
            <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((part) => (
                <li key={part._id} className="min-w-0">
                  <Link
                    to={href('/parts/:partsId', { partsId: part._id })}
                    className={`${linkClass} break-words`}
                  >
                    {part.name}
                  </Link>{' '}
                  <span className="font-mono text-sm whitespace-nowrap text-slate-600">
                    {part.sku}
                  </span>
                </li>
              ))}
            </ul>
            <Pager params={own} page={page} pages={pages} path={path} label="Pages of the parts" />
          </>
        )}
      </section>
    </>
  );
}
