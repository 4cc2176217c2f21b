import type { Order } from '@partsmith/contract';
import { formatDollars } from '../../lib/money.ts';

/** A part number as the lists print it; none on lines older than part numbers. */
export function PartNumber({ sku }: { sku: string | null | undefined }) {
  if (!sku) return null;
  return (
    // A long part number (up to 40 characters) wraps rather than widening a table's column.
    <span>
      Part no. <span className="font-mono [overflow-wrap:anywhere] text-slate-900">{sku}</span>
    </span>
  );
}

/** An order of several different parts (its `lines`, as the answer has them), else null. */
export const severalLines = (order: Order) =>
  order.lines && order.lines.length > 1 ? order.lines : null;

/**
 * Under an order's name in a list (My Orders, Manage Orders): the part number of an order of one
 * part; for an order of several, each line with its name, part number, quantity and unit price,
 * as a list named `label` (screen readers hear how many parts it holds). Lines wrap inside the
 * name's cell, on a phone's card as in the table.
 */
export function OrderParts({ order, label }: { order: Order; label: string }) {
  const lines = severalLines(order);
  if (!lines) {
    return order.sku ? (
      <span className="mt-0.5 block text-xs text-slate-700">
        <PartNumber sku={order.sku} />
      </span>
    ) : null;
  }
  return (
    <ul aria-label={label} className="mt-1 flex flex-col gap-1 text-xs text-slate-700">
      {lines.map((line, index) => (
        <li
          key={`${line.partId ?? 'gone'}-${index}`}
          className="border-l-2 border-slate-200 pl-2 break-words"
        >
          <span className="font-semibold text-slate-900">{line.name}</span>
          <span className="flex flex-wrap gap-x-3">
            <PartNumber sku={line.sku} />
            <span className="whitespace-nowrap tabular-nums">
              <span aria-hidden="true">
                {line.quantity} × {formatDollars(line.price)}
              </span>
              <span className="sr-only">
                Quantity {line.quantity}, {formatDollars(line.price)} each
              </span>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The quantity cell of an order: its units when it is of one part; an order of several says its
 * quantities are with each part (a sum of different parts says little).
 */
export function OrderQuantity({ order }: { order: Order }) {
  if (!severalLines(order)) {
    return <span className="font-semibold text-slate-900 tabular-nums">{order.quantity}</span>;
  }
  return (
    <span className="text-sm text-slate-700">
      Per part<span className="sr-only"> (listed with each part)</span>
    </span>
  );
}
