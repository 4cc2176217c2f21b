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

export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  /** Header cells: the label and whether the column is right-aligned. */
  columns: readonly (readonly [label: string, align?: 'right'])[];
  children: ReactNode;
}) {
  return (
    // Scrolls sideways rather than clipping if a row is wider than the screen (long e-mails).
    <div className="overflow-x-auto rounded-box bg-white shadow-sm ring-1 ring-slate-900/5">
      <table className="block w-full text-left md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-900 text-sm text-slate-100 md:table-header-group">
          <tr>
            {columns.map(([label, align]) => (
              <th
                key={label}
                scope="col"
                className={`px-4 py-3 font-semibold ${align === 'right' ? 'text-right' : ''}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">{children}</tbody>
      </table>
    </div>
  );
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
