import type { Part } from '@partsmith/contract';
import { PURCHASE_PICTURE } from '@partsmith/contract/images';
import { useEffect, type ReactNode } from 'react';
import { href, Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDollars } from '../../../lib/money.ts';
import { usePart } from '../../../lib/get-part.ts';
import { quoteLink } from '../../../lib/quote-link.ts';
import { PurchaseForm, REQUEST_A_QUOTE, type AddToCart, type Buyer } from './purchase-form.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/** The dark band at the top of the page, with the way back to the parts. */
function PageHeader({ title, kicker }: { title: ReactNode; kicker: string }) {
  return (
    <header className="relative overflow-hidden bg-slate-900 text-slate-100">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-16 h-72 w-72 rounded-full bg-orange-500/25 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-6 pb-24 sm:pt-8">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-2 text-slate-300">
            <li>
              <Link to={href('/')} className="underline-offset-4 hover:text-white hover:underline">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                to={`${href('/')}#parts`}
                className="underline-offset-4 hover:text-white hover:underline"
              >
                Parts
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-semibold text-white">
              Purchase
            </li>
          </ol>
        </nav>
        <p className="mt-6 text-sm font-semibold tracking-wider text-orange-300 uppercase">
          {kicker}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-white sm:text-4xl">
          {title}
        </h1>
      </div>
    </header>
  );
}

function PartDetails({ part }: { part: Part }) {
  return (
    <article aria-label="Part details" className={`${CARD} overflow-hidden`}>
      <div className="bg-slate-50">
        <ResponsiveImage
          src={part.image}
          alt={part.name}
          width={PURCHASE_PICTURE.width}
          height={PURCHASE_PICTURE.height}
          sizes={PURCHASE_PICTURE.sizes}
          priority
          className="mx-auto aspect-[4/3] h-auto w-full max-w-xl object-contain p-6 sm:p-10"
        />
      </div>
      <div className="flex flex-col gap-5 p-6 sm:p-8">
        <p className="text-3xl font-extrabold text-primary">Price: {formatDollars(part.price)}</p>
        <p className="text-lg leading-relaxed text-slate-700">{part.description}</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          <li className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
            Minimum order: <strong className="text-slate-900">{part.minOrderQuantity}</strong>
          </li>
          <li className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
            Available quantity: <strong className="text-slate-900">{part.availableQuantity}</strong>
          </li>
        </ul>
      </div>
    </article>
  );
}

function OutOfStock({ part }: { part: Part }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
        Not enough {part.name} in stock for the minimum order of {part.minOrderQuantity}. A new
        batch is on its way: please check back soon.
      </p>
      <Link to={`${href('/')}#parts`} className="btn btn-outline btn-primary">
        See the other parts
      </Link>
      <Link to={quoteLink(part._id, part.minOrderQuantity)} className="btn btn-outline">
        {REQUEST_A_QUOTE}
      </Link>
    </div>
  );
}

function LoadingSkeleton() {
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <PageHeader
        kicker="Purchase"
        title={
          <>
            <span className="sr-only">Purchase</span>
            <span aria-hidden="true" className="skeleton-pulse block h-10 w-64 max-w-full" />
          </>
        }
      />
      <div
        role="status"
        className="relative mx-auto -mt-16 grid max-w-6xl gap-6 px-4 pb-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-8"
      >
        <span className="sr-only">Loading the part</span>
        <div aria-hidden="true" className={`${CARD} p-6`}>
          <div className="skeleton-pulse aspect-[4/3] w-full" />
          <div className="skeleton-pulse mt-6 h-8 w-40" />
          <div className="skeleton-pulse mt-4 h-20 w-full" />
        </div>
        <div aria-hidden="true" className={`${CARD} flex flex-col gap-4 p-6`}>
          <div className="skeleton-pulse h-8 w-32" />
          <div className="skeleton-pulse h-10 w-full" />
          <div className="skeleton-pulse h-10 w-full" />
          <div className="skeleton-pulse h-24 w-full" />
          <div className="skeleton-pulse h-12 w-full" />
        </div>
      </div>
    </div>
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

/** The page's title: the part's name once it is known (the server's page renderer sets it too). */
export const purchasePageTitle = (name: string | undefined) =>
  name ? `Buy ${name} | Partsmith` : 'Purchase | Partsmith';

/**
 * /purchase/:partsId: the part, the buyer and the order form. `notice` goes
 * above them (the accounts feature's, e.g. that the buyer's address is not confirmed yet);
 * `addToCart` (the cart feature's) adds an Add to cart button beside Purchase.
 */
export function PurchasePage({
  user,
  notice,
  addToCart,
}: {
  user: Buyer;
  notice?: ReactNode;
  addToCart?: AddToCart;
}) {
  const { partsId = '' } = useParams();
  const part = usePart(partsId);
  const name = part.data?.name;

  useEffect(() => {
    document.title = purchasePageTitle(name);
  }, [name]);

  // A malformed id (400) is as unknown as a deleted part (404).
  const notFound =
    part.error instanceof ApiError && (part.error.status === 404 || part.error.status === 400);

  if (notFound) {
    return (
      <Problem title="We could not find this part">
        <p className="text-lg text-slate-700">
          It may have sold out for good or been taken out of the catalogue. Our other parts are
          waiting on the home page.
        </p>
        <Link to={`${href('/')}#parts`} className="btn btn-primary">
          Back to the parts
        </Link>
      </Problem>
    );
  }

  if (part.isPending) return <LoadingSkeleton />;

  if (part.isError && !part.data) {
    return (
      <Problem title="We could not load this part">
        <p role="alert" className="text-lg text-slate-700">
          {part.error instanceof ApiError
            ? part.error.message
            : 'Something went wrong. Please try again.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={part.isFetching}
            onClick={() => void part.refetch()}
          >
            {part.isFetching && <span aria-hidden="true" className="spinner size-5" />}
            Try again
          </button>
          <Link to={href('/')} className="btn btn-outline">
            Back to homepage
          </Link>
        </div>
      </Problem>
    );
  }

  const data = part.data;
  const inStock = data.availableQuantity >= data.minOrderQuantity;

  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <PageHeader kicker="Purchase" title={data.name} />
      <div className="relative mx-auto -mt-16 grid max-w-6xl items-start gap-6 px-4 pb-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-8">
        {notice}
        <PartDetails part={data} />
        <section
          aria-labelledby="order-heading"
          className={`${CARD} p-6 sm:p-8 lg:sticky lg:top-24`}
        >
          <h2 id="order-heading" className="mb-5 text-2xl font-bold text-slate-900">
            Your order
          </h2>
          {inStock ? (
            <PurchaseForm part={data} user={user} addToCart={addToCart} />
          ) : (
            <OutOfStock part={data} />
          )}
        </section>
      </div>
    </div>
  );
}
