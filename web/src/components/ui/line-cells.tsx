import type { ReactNode } from 'react';
import { href, Link } from 'react-router';
import { formatDollars } from '../../lib/money.ts';
import { PartNumber } from './order-parts.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

/**
 * The cells of a DataTable (`wide="container"`) whose rows are cards (one labelled line per cell)
 * until its box is wide enough for the columns (a container query); then a table. The labels are
 * display:none in the table, so a screen reader hears each one once.
 */
export const CELL = '@4xl:table-cell @4xl:px-4 @4xl:py-3 @4xl:align-middle';
/** The same with less room on each side, for a table of many columns (My Orders' nine). */
export const TIGHT_CELL = '@4xl:table-cell @4xl:px-3 @4xl:py-3 @4xl:align-middle';
const line = (cell: string) => `col-span-2 flex items-center justify-between gap-4 ${cell}`;
export const LINE = line(CELL);

export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="font-semibold text-slate-700 @4xl:hidden">{children}</span>;
}

/** A right-aligned figure's cell: its label on a card, then the figure (`children`). */
export function FigureCell({
  label,
  tight = false,
  children,
}: {
  label: string;
  /** TIGHT_CELL's padding in the table. */
  tight?: boolean;
  children: ReactNode;
}) {
  return (
    <td className={`${tight ? line(TIGHT_CELL) : LINE} @4xl:text-right`}>
      <CellLabel>{label}</CellLabel>
      {children}
    </td>
  );
}

/** The picture's size (on a card, in the row's first grid column; then in the table). */
const PICTURES = {
  md: {
    row: 'grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 @4xl:table-row @4xl:p-0',
    cell: `row-span-1 ${CELL}`,
    width: 56,
    sizes: '64px',
    className: 'h-16 w-16 rounded-lg bg-slate-100 object-contain p-1.5 @4xl:h-14 @4xl:w-14',
  },
  sm: {
    row: 'grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 @4xl:table-row @4xl:p-0',
    cell: CELL,
    width: 48,
    sizes: '56px',
    className: 'h-14 w-14 rounded-lg bg-slate-100 object-contain p-1.5 @4xl:h-12 @4xl:w-12',
  },
};

/**
 * A row of an order's or a quote's parts: the part's picture, its name linked to its page (a part
 * that is gone keeps its name, unlinked) with its part number under it when the line has one, the
 * quantity and a unit price (`priceLabel`), then the row's other cells (`children`).
 */
export function PartLine({
  line,
  picture,
  priceLabel,
  price,
  children,
}: {
  line: {
    partId?: string | null;
    sku?: string | null;
    name: string;
    image: string;
    quantity: number;
  };
  picture: keyof typeof PICTURES;
  priceLabel: string;
  price: number;
  children: ReactNode;
}) {
  const size = PICTURES[picture];
  return (
    <tr className={size.row}>
      <td className={size.cell}>
        <ResponsiveImage
          src={line.image}
          alt=""
          width={size.width}
          height={size.width}
          sizes={size.sizes}
          className={size.className}
        />
      </td>
      <td className={`self-center font-bold break-words text-slate-900 ${CELL}`}>
        {line.partId ? (
          <Link
            to={href('/purchase/:partsId', { partsId: encodeURIComponent(line.partId) })}
            className="underline-offset-4 hover:text-primary hover:underline"
          >
            {line.name}
          </Link>
        ) : (
          line.name
        )}
        {line.sku && (
          <span className="block text-sm font-normal text-slate-700">
            <PartNumber sku={line.sku} />
          </span>
        )}
      </td>
      <FigureCell label="Quantity">
        <span className="font-semibold text-slate-900 tabular-nums">{line.quantity}</span>
      </FigureCell>
      <FigureCell label={priceLabel}>
        <span className="text-slate-900 tabular-nums">{formatDollars(price)}</span>
      </FigureCell>
      {children}
    </tr>
  );
}
