import { useEffect, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { CARD } from './quote-parts.tsx';

/** The frame of a quotes page: the document title, the dark header with the page's actions. */
export function QuotesPage({
  documentTitle,
  eyebrow,
  title,
  intro,
  actions,
  children,
}: {
  documentTitle: string;
  eyebrow: string;
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={eyebrow} title={title} intro={intro}>
        {actions}
      </PageHeader>
      {children}
    </div>
  );
}

/** What Loaded reads of a query (TanStack Query's result). */
interface Query<T> {
  isPending: boolean;
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface LoadedProps<T> {
  query: Query<T>;
  /** What screen readers hear while it loads. */
  loading: string;
  rows: number;
  /** The skeleton pictures' size. */
  picture: string;
  /** 'the quotes' */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A query's answer: skeleton cards while it loads, what went wrong and Retry when it could not be
 * loaded, else `children` with the answer.
 */
export function Loaded<T>({ query, loading, rows, picture, what, children }: LoadedProps<T>) {
  if (query.isPending) {
    return (
      <SkeletonList
        label={loading}
        rows={rows}
        className={`${CARD} flex flex-col gap-4 p-4`}
        picture={picture}
      />
    );
  }
  if (!query.data) return <LoadFailed what={what} query={query} />;
  return children(query.data);
}
