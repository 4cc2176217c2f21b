import { errorText } from '../../lib/error-text.ts';

/** What LoadFailed reads of the query that failed (TanStack Query's result). */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A list or page could not be loaded: what went wrong and a Retry button (busy while it runs). */
export function LoadFailed({
  what,
  query,
}: {
  /** 'your cart', 'the quotes' */
  what: string;
  query: FailedQuery;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-box bg-white p-8 text-center shadow-sm ring-1 ring-slate-900/5"
    >
      <p className="text-lg font-semibold text-slate-900">We could not load {what}.</p>
      <p className="text-slate-700">{errorText(query.error)}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {query.isFetching && <span aria-hidden="true" className="spinner size-5" />}
        Retry
      </button>
    </div>
  );
}
