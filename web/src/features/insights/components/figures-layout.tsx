import { useId, type ReactNode } from 'react';

// The overview's building blocks: its boxes, sections and tables of figures look alike.

const BOX = 'rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5';
const H2 = 'text-lg font-bold text-slate-900';
const TABLE = 'w-full text-left text-sm';
const TH = 'px-2 py-2 font-semibold';
export const TD = 'px-2 py-1.5';

export const count = (n: number) => n.toLocaleString('en-US');
/** '2025-03-02' as 'Mar 2' (UTC: the days are UTC days). */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A headline figure of the overview: what it is, and its value. */
export function Figure({
  label,
  value,
  detail,
  alert = false,
}: {
  label: string;
  value: string;
  /** A line under the value (what it counts). */
  detail?: string;
  /** Drawn in red: something needs the owner (an overdue invoice). */
  alert?: boolean;
}) {
  return (
    <div className={BOX}>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-extrabold tabular-nums ${alert ? 'text-red-800' : 'text-slate-900'}`}
      >
        {value}
      </dd>
      {detail && <dd className="text-sm text-slate-700">{detail}</dd>}
    </div>
  );
}

/** A section of the page: a heading that names it (for the landmarks list), then its content. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${BOX} flex min-w-0 flex-col gap-3`}>
      <h2 id={id} className={H2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A header cell of a figures table: the first column names the rows, the others hold numbers. */
type Column = readonly [label: string, align?: 'right'];

/**
 * A table of figures (the page's tables look alike): a caption for screen readers, a grey
 * header row, then the rows. `sticky` keeps the header in view in a scrolling box; `tabular`
 * lines up the digits of the whole body (else the cells that want it say so).
 */
export function FiguresTable({
  caption,
  columns,
  sticky = false,
  tabular = false,
  children,
}: {
  caption: ReactNode;
  columns: readonly Column[];
  sticky?: boolean;
  tabular?: boolean;
  children: ReactNode;
}) {
  return (
    <table className={TABLE}>
      <caption className="sr-only">{caption}</caption>
      <thead className={`${sticky ? 'sticky top-0 ' : ''}bg-slate-100 text-slate-900`}>
        <tr>
          {columns.map(([label, align]) => (
            <th key={label} scope="col" className={align === 'right' ? `${TH} text-right` : TH}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={`divide-y divide-slate-200${tabular ? ' tabular-nums' : ''}`}>
        {children}
      </tbody>
    </table>
  );
}
