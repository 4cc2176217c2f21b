import type { ReactNode } from 'react';

/**
 * Admin tables become stacked cards below md (375 px phones): each row is a grid, each cell a
 * labelled line. The labels are display:none on the table, so a screen reader hears each once.
 */
export const CELL = 'md:table-cell md:px-4 md:py-3 md:align-middle';
export const LINE = `col-span-2 flex items-center justify-between gap-4 ${CELL}`;
export const ROW =
  'grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 md:table-row md:p-0 md:hover:bg-slate-50';

export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="font-semibold text-slate-700 md:hidden">{children}</span>;
}

/** An empty cell that still tells screen readers why nothing is there. */
export function NoAction({ why }: { why: string }) {
  return (
    <span className="text-sm text-slate-700">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

/** An e-mail that wraps after the '@' when its column is narrow (and anywhere if it must). */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

/**
 * The same for a table that becomes one once its own box is wide enough (DataTable
 * wide="container", a container query): the dashboard's side menu narrows it from 1024 px up.
 */
export const BOX_CELL = '@4xl:table-cell @4xl:px-3 @4xl:py-3 @4xl:align-middle';
export const BOX_LINE = `col-span-full flex items-center justify-between gap-4 ${BOX_CELL}`;

export function BoxCellLabel({ children }: { children: ReactNode }) {
  return <span className="font-semibold text-slate-700 @4xl:hidden">{children}</span>;
}
