import { Spinner } from '../../../components/ui/spinner.tsx';
import { useParts } from '../api/get-parts.ts';
import { PartCard } from './part-card.tsx';

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';
/** About two rows of cards: the spinner holds the grid's place so the page does not jump. */
const RESERVED_HEIGHT = 'min-h-[36rem]';

function errorText(error: unknown) {
  return error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';
}

function PartsList() {
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useParts();

  if (isPending) {
    return <Spinner label="Loading parts" className={RESERVED_HEIGHT} />;
  }

  if (isError && !data) {
    return (
      <div
        role="alert"
        className={`${RESERVED_HEIGHT} flex flex-col items-center justify-center gap-4 text-center`}
      >
        <p className="text-lg font-semibold text-slate-900">We could not load the parts.</p>
        <p className="text-slate-700">{errorText(error)}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={isRefetching}
          onClick={() => void refetch()}
        >
          {isRefetching && <span aria-hidden="true" className="spinner size-5" />}
          Retry
        </button>
      </div>
    );
  }

  const parts = data.pages.flatMap((page) => page.parts);
  const total = data.pages[0]?.total ?? parts.length;

  if (parts.length === 0) {
    return (
      <div className="flex min-h-[16rem] flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">No parts in stock right now…</p>
        <p className="text-slate-700">
          New batches leave the factory every week. Please check back soon.
        </p>
      </div>
    );
  }

  return (
    <>
      <ul className={GRID}>
        {parts.map((part) => (
          <li key={part._id} className="below-fold [--fold-size:37rem]">
            <PartCard part={part} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          Showing {parts.length} of {Math.max(total, parts.length)} parts
        </p>
        {isFetchNextPageError && (
          <p role="alert" className="text-sm font-medium text-error">
            {errorText(error)}
          </p>
        )}
        {hasNextPage && (
          <button
            type="button"
            className="btn btn-outline btn-primary min-w-48"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage && <span aria-hidden="true" className="spinner size-5" />}
            {isFetchingNextPage ? 'Loading more parts…' : 'Show more parts'}
          </button>
        )}
      </div>
    </>
  );
}

export function PartsSection() {
  return (
    <section id="parts" aria-labelledby="parts-heading" className="scroll-mt-16 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <header className="mx-auto mb-12 max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-widest text-primary">In stock now</p>
          <h2
            id="parts-heading"
            className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl"
          >
            Available Parts in Our Stocks
          </h2>
          <p className="mt-3 text-lg text-slate-700">Collect Your Favourite Tools</p>
        </header>
        <PartsList />
      </div>
    </section>
  );
}
