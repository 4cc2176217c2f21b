import type { ReactNode } from 'react';
import { messageOf } from './admin-messages.ts';

/** Skeleton rows while the first page loads; screen readers hear `label`. */
export function LoadingList({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-4 rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} aria-hidden="true" className="flex items-center gap-4">
          <div className="skeleton-pulse h-12 w-12 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton-pulse h-4 w-1/2" />
            <div className="skeleton-pulse h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The first page could not be loaded: what went wrong and a Retry button. */
export function LoadError({
  what,
  error,
  retrying,
  onRetry,
}: {
  what: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-box bg-white p-8 text-center shadow-sm ring-1 ring-slate-900/5"
    >
      <p className="text-lg font-semibold text-slate-900">We could not load {what}.</p>
      <p className="text-slate-700">{messageOf(error)}</p>
      <button type="button" className="btn btn-primary" disabled={retrying} onClick={onRetry}>
        {retrying && <span aria-hidden="true" className="spinner size-5" />}
        Retry
      </button>
    </div>
  );
}

export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {children && <p className="max-w-md text-slate-700">{children}</p>}
    </div>
  );
}
