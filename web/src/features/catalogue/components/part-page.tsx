import type { CataloguePart } from '@partsmith/contract';
import { PURCHASE_PICTURE } from '@partsmith/contract/images';
import { useInfiniteQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { href, Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDollars } from '../../../lib/money.ts';
import { quoteLink } from '../../../lib/quote-link.ts';
import { searchQuery, useSearchParts } from '../api/search-parts.ts';
import { useYourPrice } from '../api/your-price.ts';
import { canBuy, partPageTitle } from './part-page-head.ts';
import { CompareToggle } from './compare-toggle.tsx';
import { CompareTray } from './compare-tray.tsx';
import { ResultCard } from './result-card.tsx';
import { StockAlertForm, StockAlertNotice } from './stock-alert-form.tsx';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

function StockState({ part }: { part: CataloguePart }) {
  // Out of stock: the stock alert's form below says when more usually arrive.
  if (!canBuy(part))
    return (
      <p className="inline-flex w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        Out of stock
      </p>
    );
  return (
    <p className="inline-flex w-fit rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
      In stock: {part.availableQuantity} available
    </p>
  );
}

/**
 * A company member's own price from their company's price list, asked for in the browser once
 * the page is up (the page is the same for everybody); nothing for anybody else.
 */
function YourPrice({ partId }: { partId: string }) {
  const { data } = useYourPrice(partId);
  if (data?.yourPrice === undefined) return null;
  return (
    <p className="text-lg text-slate-900">
      Your price:{' '}
      <strong className="text-2xl font-extrabold">{formatDollars(data.yourPrice)}</strong>
      {data.yourPriceList && <span className="text-slate-700"> ({data.yourPriceList})</span>}
    </p>
  );
}

/** The lowest volume price, as "from $38.99 at 100 units". */
function lowestBreak(part: CataloguePart) {
  const last = part.priceBreaks.at(-1);
  if (!last) return null;
  return (
    <p className="text-slate-700">
      Volume prices: from <strong className="text-slate-900">{formatDollars(last.price)}</strong>{' '}
      each at {last.minQuantity} units
    </p>
  );
}

/** The part's attributes as its category declares them, labelled, in that order. */
function Specification({ part }: { part: CataloguePart }) {
  if (part.specification.length === 0) return null;
  return (
    <section aria-labelledby="specification-heading" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="specification-heading" className="mb-4 text-2xl font-bold text-slate-900">
        Specification
      </h2>
      <table className="w-full text-left">
        <tbody>
          {part.specification.map((row) => (
            <tr key={row.key} className="border-t border-slate-100 first:border-t-0">
              <th scope="row" className="py-3 pr-4 font-semibold text-slate-700">
                {row.label}
              </th>
              <td className="py-3 text-slate-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The attributes that decide whether two parts fit the same build: a board's socket, memory type
 * and form factor, a processor's socket, a memory kit's type.
 */
const FIT_KEYS = ['socket', 'memoryType', 'formFactor', 'type'];

/** The search for parts like this one: its category, and its fit attributes' values. */
export function relatedSearch(part: CataloguePart, category: string): URLSearchParams {
  const params = new URLSearchParams({ category, limit: '5' });
  for (const key of FIT_KEYS) {
    const value = part.attributes[key];
    if (typeof value === 'string' || typeof value === 'number')
      params.set(`f.${key}`, String(value));
  }
  return params;
}

/**
 * Up to four other parts of the same category that share its fit attributes (another AM5
 * processor, another DDR5 kit), loaded once the page is up; none sharing them, the category's.
 */
function RelatedParts({ part, category }: { part: CataloguePart; category: string }) {
  const fitting = useSearchParts(relatedSearch(part, category));
  const fittingOthers = (fitting.data?.pages[0]?.items ?? []).filter((p) => p._id !== part._id);
  const fallback = fitting.isSuccess && fittingOthers.length === 0;
  const anyInCategory = useInfiniteQuery({
    ...searchQuery(new URLSearchParams({ category, limit: '5' })),
    enabled: fallback,
  });
  const others = fallback
    ? (anyInCategory.data?.pages[0]?.items ?? []).filter((p) => p._id !== part._id)
    : fittingOthers;
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="lg:col-span-2">
      <h2 id="related-heading" className="mb-4 text-2xl font-bold text-slate-900">
        {fallback ? 'More ' : 'Fits the same build: '}
        {part.categoryName?.toLowerCase() ?? 'parts like this'}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {others.slice(0, 4).map((p) => (
          <li key={p._id}>
            <ResultCard part={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <div role="status" className="mx-auto max-w-6xl px-4 py-12">
      <span className="sr-only">Loading the part</span>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
        <div className="skeleton-pulse aspect-[4/3] w-full" />
        <div className="flex flex-col gap-4">
          <div className="skeleton-pulse h-10 w-3/4" />
          <div className="skeleton-pulse h-8 w-32" />
          <div className="skeleton-pulse h-24 w-full" />
        </div>
      </div>
    </div>
  );
}

/**
 * /parts/:partsId: the part's own page, for buyers and search engines alike (the server renders
 * it for everybody, with its Product data): picture, name, price, stock, description, its
 * specification, the cart's form (`buy`), and other parts that fit the same build. `part` is the purchase feature's answer
 * (one query for both pages).
 */
export function PartPage({
  part,
  buy,
}: {
  part: UseQueryResult<CataloguePart>;
  /** Quantity, volume prices, Add to cart, Buy now and Request a quote (the cart's form). */
  buy: (part: CataloguePart) => ReactNode;
}) {
  const name = part.data?.name;
  useEffect(() => {
    document.title = partPageTitle(name);
  }, [name]);

  const notFound =
    part.error instanceof ApiError && (part.error.status === 404 || part.error.status === 400);
  if (notFound)
    return (
      <Problem title="We could not find this part">
        <p className="text-lg text-slate-700">
          It may have been taken out of the catalogue. Search the others by name or specification.
        </p>
        <Link to={href('/parts')} className="btn btn-primary">
          Search the parts
        </Link>
      </Problem>
    );
  if (part.isPending) return <Loading />;
  if (part.isError && !part.data)
    return (
      <Problem title="We could not load this part">
        <p role="alert" className="text-lg text-slate-700">
          {part.error instanceof ApiError ? part.error.message : 'Something went wrong.'}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void part.refetch()}>
          Try again
        </button>
      </Problem>
    );

  const data = part.data;
  const category = data.category;
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-2 text-slate-700">
            <li>
              <Link to={href('/')} className="underline underline-offset-4 hover:text-slate-900">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                to={href('/parts')}
                className="underline underline-offset-4 hover:text-slate-900"
              >
                Parts
              </Link>
            </li>
            {category && data.categoryName && (
              <>
                <li aria-hidden="true">/</li>
                <li>
                  <Link
                    to={`${href('/parts')}?category=${category}`}
                    className="underline underline-offset-4 hover:text-slate-900"
                  >
                    {data.categoryName}
                  </Link>
                </li>
              </>
            )}
          </ol>
        </nav>
        <StockAlertNotice partId={data._id} />
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
          <div className={`${CARD} overflow-hidden bg-slate-50`}>
            <ResponsiveImage
              src={data.image}
              alt={data.name}
              width={PURCHASE_PICTURE.width}
              height={PURCHASE_PICTURE.height}
              sizes={PURCHASE_PICTURE.sizes}
              priority
              className="mx-auto aspect-[4/3] h-auto w-full object-contain p-6 sm:p-10"
            />
          </div>
          <div className={`${CARD} flex flex-col gap-5 p-6 sm:p-8`}>
            <h1 className="text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">
              {data.name}
            </h1>
            <p className="text-slate-700">
              Part number:{' '}
              <span className="font-mono font-semibold text-slate-900">{data.sku}</span>
            </p>
            <div className="flex flex-col gap-1">
              <p className="text-3xl font-extrabold text-primary">{formatDollars(data.price)}</p>
              <YourPrice partId={data._id} />
            </div>
            {lowestBreak(data)}
            <StockState part={data} />
            <p className="text-lg leading-relaxed text-slate-700">{data.description}</p>
            <p className="text-slate-700">
              Minimum order: <strong className="text-slate-900">{data.minOrderQuantity}</strong>
            </p>
            {canBuy(data) ? (
              buy(data)
            ) : (
              <>
                <StockAlertForm part={data} />
                {/* A quote may ask for more than is in stock: the shop answers with a date. */}
                <p className="text-slate-800">
                  Need it by a date, or in quantity?{' '}
                  <Link
                    to={quoteLink(data._id, data.minOrderQuantity)}
                    className="font-semibold text-primary underline underline-offset-4"
                  >
                    Request a quote
                  </Link>
                </p>
                <Link to={href('/parts')} className="btn btn-outline">
                  See the other parts
                </Link>
              </>
            )}
            <div className="border-t border-slate-200 pt-4">
              <CompareToggle partId={data._id} partName={data.name} />
            </div>
          </div>
          <Specification part={data} />
          {category && <RelatedParts part={data} category={category} />}
        </div>
      </div>
      <CompareTray />
    </div>
  );
}
