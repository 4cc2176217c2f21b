import type { ReactNode } from 'react';

/**
 * Where a table stops being a stack of cards: from the md breakpoint, or (`container`) once its
 * own box is wide enough, for a column the dashboard's side menu narrows. Tailwind finds only
 * classes written out whole.
 */
const WIDE = {
  md: { box: '', table: 'md:table', head: 'md:table-header-group', body: 'md:table-row-group' },
  container: {
    box: '@container ',
    table: '@4xl:table',
    head: '@4xl:table-header-group',
    body: '@4xl:table-row-group',
  },
};

/**
 * A table whose rows are cards (each a grid, each cell a labelled line) until it is wide enough;
 * the column headers show only in the table.
 */
export function DataTable({
  caption,
  columns,
  wide,
  headPadding = 'px-4 py-3',
  children,
}: {
  caption: string;
  /** Header cells: the label and whether the column is right-aligned. */
  columns: readonly (readonly [label: string, align?: 'right'])[];
  wide: keyof typeof WIDE;
  headPadding?: string;
  children: ReactNode;
}) {
  const at = WIDE[wide];
  return (
    // Scrolls sideways rather than clipping if a row is still too wide (long e-mails).
    <div
      className={`${at.box}overflow-x-auto rounded-box bg-white shadow-sm ring-1 ring-slate-900/5`}
    >
      <table className={`block w-full text-left ${at.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`hidden bg-slate-900 text-sm text-slate-100 ${at.head}`}>
          <tr>
            {columns.map(([label, align]) => (
              <th
                key={label}
                scope="col"
                className={`${headPadding} font-semibold ${align === 'right' ? 'text-right' : ''}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`block divide-y divide-slate-200 ${at.body}`}>{children}</tbody>
      </table>
    </div>
  );
}
