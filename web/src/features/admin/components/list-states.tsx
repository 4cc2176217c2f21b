import { useEffect, type ReactNode, type Ref } from 'react';
import { pageTitle } from './admin-messages.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';

export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {children && <p className="max-w-md text-slate-700">{children}</p>}
    </div>
  );
}

/** What ListBody reads of a list's query (TanStack Query's result). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * An admin list's body: skeleton rows while the first page loads (screen readers hear what
 * loads), what went wrong and Retry when it could not, `empty` when the list has no items, else
 * the list (`children`).
 */
function ListBody({
  query,
  what,
  count,
  empty,
  recover,
  children,
}: {
  query: ListQuery;
  /** 'the users' */
  what: string;
  /** How many items are loaded. */
  count: number;
  empty: ReactNode;
  /** Another way out when loading failed (e.g. 'First page' for a page the server refuses). */
  recover?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <SkeletonList
        label={`Loading ${what}`}
        rows={4}
        className="flex flex-col gap-4 rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
        picture="h-12 w-12"
      />
    );
  }
  if (query.isError && !query.data) {
    return (
      <>
        <LoadFailed what={what} query={query} />
        {recover && <div className="mt-4 flex justify-center">{recover}</div>}
      </>
    );
  }
  return count === 0 ? empty : children;
}

/**
 * An admin list page: the document title, the header (its heading takes focus when the item that
 * had focus is deleted) with the page's actions, the list's search and filters (`toolbar`, shown
 * whatever the list holds, so a filter that finds nothing can be changed) and the list (ListBody).
 */
export function ListPage({
  pageName,
  eyebrow,
  title,
  headingRef,
  actions,
  toolbar,
  ...list
}: Parameters<typeof ListBody>[0] & {
  /** The page's name in the document title. */
  pageName: string;
  eyebrow: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  toolbar?: ReactNode;
}) {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
  return (
    <div>
      <PageHeader eyebrow={eyebrow} title={title} headingRef={headingRef} className="mb-6">
        {actions}
      </PageHeader>
      {toolbar}
      <ListBody {...list} />
    </div>
  );
}
