import type { z } from 'zod';
import { LOW_STOCK_LISTED, type Sales as SalesSchema } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  dailySales,
  orderLinesPlacedBetween,
  topPartsByRevenue,
  type ExportedLine,
} from '../orders/sales.ts';
import { receivables } from '../orders/terms.ts';
import { partsBelowThreshold } from '../parts/stock.ts';

const DAY_MS = 86_400_000;
const TOP_PARTS = 5;

/** The overview's figures as the API answers them (every field present). */
type Sales = z.output<typeof SalesSchema>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dollars = (cents: number) => cents / 100;

/**
 * The admin overview's figures over the orders placed in the last `days` UTC days, today
 * included: four statements (the days, the top parts, the low stock, what invoices on terms
 * owe now), each one pass.
 */
export async function salesFigures(db: DbOrTx, days: number, now = new Date()): Promise<Sales> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const [daily, top, low, owed] = await Promise.all([
    dailySales(db, from),
    topPartsByRevenue(db, from, TOP_PARTS),
    partsBelowThreshold(db, LOW_STOCK_LISTED),
    receivables(db),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const revenueByDay = Array.from({ length: days }, (_, i) => {
    const day = isoDay(new Date(from.getTime() + i * DAY_MS));
    const found = byDay.get(day);
    return { day, revenue: dollars(found?.revenueCents ?? 0), orders: found?.paid ?? 0 };
  });
  const sum = (pick: (d: (typeof daily)[number]) => number) =>
    daily.reduce((total, d) => total + pick(d), 0);
  const revenueCents = sum((d) => d.revenueCents);
  const paidOrders = sum((d) => d.paid);
  return {
    days,
    from: isoDay(from),
    to: isoDay(new Date(today)),
    revenue: dollars(revenueCents),
    shipping: dollars(sum((d) => d.shippingCents)),
    tax: dollars(sum((d) => d.taxCents)),
    paidOrders,
    averageOrderValue: paidOrders ? dollars(Math.round(revenueCents / paidOrders)) : 0,
    revenueByDay,
    ordersByState: {
      unpaid: sum((d) => d.unpaid),
      paid: sum((d) => d.toShip),
      shipped: sum((d) => d.shipped),
    },
    topParts: top.map((p) => ({
      partId: p.partId,
      name: p.name,
      revenue: dollars(p.revenueCents),
      quantity: p.quantity,
    })),
    lowStock: low.map((p) => ({
      _id: p.id,
      name: p.name,
      availableQuantity: p.stock,
      lowStockThreshold: p.threshold,
    })),
    receivables: {
      outstanding: dollars(owed.outstandingCents),
      overdue: dollars(owed.overdueCents),
      openInvoices: owed.openInvoices,
      overdueInvoices: owed.overdueInvoices,
    },
  };
}

export const CSV_COLUMNS = [
  'order_id',
  'created_at',
  'paid',
  'paid_at',
  'status',
  'shipped_at',
  'customer_email',
  'customer_name',
  'line',
  'part_id',
  'part_name',
  'quantity',
  'unit_price',
  'line_total',
  'order_total',
  // Added after the others (issue 46), so that a spreadsheet reading columns by place still works.
  'order_number',
  'part_number',
  // Issue 47: the order's money. `order_total` stays the lines' sum (the subtotal), so line_total
  // still sums to it; `total` is what was charged: subtotal + shipping + tax.
  'subtotal',
  'shipping',
  'tax',
  'total',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. Text that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so a customer's name cannot become a formula in the owner's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const when = (date: Date | null) => (date ? date.toISOString() : '');
const money = (cents: number) => (cents / 100).toFixed(2);

function statusOf(order: ExportedLine) {
  if (order.shippedAt) return 'shipped';
  if (order.paid) return 'paid';
  return order.expiredAt ? 'expired' : 'unpaid';
}

/**
 * One line of an order as a CSV record (CRLF-terminated), its order's columns repeated: a
 * spreadsheet sums line_total to order_total (the subtotal) per order_id, and subtotal, shipping
 * and tax to total. The figures are the shop's own: never neutralised.
 */
export function csvLine(order: ExportedLine): string {
  return (
    [
      order.id,
      when(order.createdAt),
      order.paid ? 'yes' : 'no',
      when(order.paidAt),
      statusOf(order),
      when(order.shippedAt),
      csvField(order.userEmail),
      csvField(order.userName),
      String(order.line),
      order.partId ?? '',
      csvField(order.partName),
      String(order.quantity),
      money(order.unitPriceCents),
      money(order.unitPriceCents * order.quantity),
      money(order.subtotalCents),
      order.number,
      csvField(order.sku ?? ''),
      money(order.subtotalCents),
      money(order.shippingCents),
      money(order.taxCents),
      money(order.totalCents),
    ].join(',') + '\r\n'
  );
}

/**
 * The accounting export of the orders placed in [from, to), a record per order line: a
 * byte-order mark (spreadsheets then read the file as UTF-8), the header, then a chunk per page
 * of orders, read as the client takes them (a stream's backpressure), so a hundred thousand
 * orders never sit in memory at once.
 */
export async function* ordersCsv(
  db: DbOrTx,
  range: { from: Date | null; to: Date | null },
): AsyncGenerator<string> {
  yield '\uFEFF' + CSV_COLUMNS.join(',') + '\r\n';
  for await (const page of orderLinesPlacedBetween(db, range)) yield page.map(csvLine).join('');
}
