import { useRef } from 'react';
import { messageOf } from './admin-messages.ts';

/** What LoadMore reads of a keyset-paged list's query (TanStack Query's infinite query). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<{ hasNextPage: boolean }>;
}

/**
 * 'Showing N of M' and a 'Load more' button for keyset-paged lists: each click asks for the page
 * after the last cursor, so a list of 10,000 items never loads all at once. When the last page
 * arrives the button goes away and focus moves to the count, not to the top of the document.
 * Without `pages` (a list that comes whole) it is the count alone.
 */
export function LoadMore({
  shown,
  total,
  noun,
  pages,
  paused = false,
}: {
  shown: number;
  total: number;
  /** Plural, lower case: 'parts', 'users'. */
  noun: string;
  pages?: PagedQuery;
  /** No next page is offered for now (e.g. while a new filter's first page loads). */
  paused?: boolean;
}) {
  const hasNextPage = !!pages?.hasNextPage && !paused;
  const isFetchingNextPage = !!pages?.isFetchingNextPage;
  // The error of the last 'Load more', if it failed.
  const error = pages?.isFetchNextPageError ? pages.error : null;
  const status = useRef<HTMLParagraphElement>(null);

  const loadMore = async () => {
    const result = await pages?.fetchNextPage();
    if (!result?.hasNextPage) status.current?.focus();
  };

  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      <p
        ref={status}
        tabIndex={-1}
        aria-live="polite"
        className="rounded px-2 text-sm text-slate-700 focus:outline-2 focus:outline-offset-2 focus:outline-primary"
      >
        Showing {shown} of {Math.max(total, shown)} {noun}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-error">
          {messageOf(error)}
        </p>
      ) : null}
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-outline btn-primary min-w-48"
          aria-disabled={isFetchingNextPage || undefined}
          onClick={() => {
            if (!isFetchingNextPage) void loadMore();
          }}
        >
          {isFetchingNextPage && <span aria-hidden="true" className="spinner size-5" />}
          {isFetchingNextPage ? `Loading more ${noun}…` : `Load more ${noun}`}
        </button>
      )}
    </div>
  );
}
