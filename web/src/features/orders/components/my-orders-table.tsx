import type { Order } from '@partsmith/contract';
import { onAccount, payableByCard } from '@partsmith/contract/order-views';
import { trackingUrl } from '@partsmith/contract/tracking';
import { dayLabel } from '../../../lib/day-label.ts';
import { useState } from 'react';
import { href, Link } from 'react-router';
import { formatDollars } from '../../../lib/money.ts';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { CellLabel, FigureCell, TIGHT_CELL as CELL } from '../../../components/ui/line-cells.tsx';
import { OrderParts, OrderQuantity } from '../../../components/ui/order-parts.tsx';
import { OrderAgainButton } from './order-again.tsx';

/** In the browser's own language and time zone, e.g. "Mar 2, 2025, 10:30 AM". */
const expiryTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When an unpaid order stops being payable (its stock goes back), under its Pay link. */
function Expiry({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <p className="text-xs text-slate-700">
      Expires <time dateTime={at}>{expiryTime.format(date)}</time>
    </p>
  );
}

/**
 * Shipped, for an order on its way (paid, or on payment terms), and the carrier's tracking page
 * when the admin gave a known carrier and a tracking number (as the order's page and mail do).
 */
function ShippedBadge({ order }: { order: Order }) {
  if (order.status !== 'shipped') return null;
  const trackAt = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <>
      <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
        Shipped
      </span>
      {trackAt && (
        <a
          href={trackAt}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-6 items-center text-sm font-semibold text-primary underline underline-offset-2"
        >
          Track{' '}
          <span className="sr-only">
            the parcel of {order.name} with {order.carrier} (opens the carrier’s site in a new tab)
          </span>
        </a>
      )}
    </>
  );
}

/** The Pay link only while the order can be paid by card (what the dashboard counts to pay). */
function PaymentCell({ order }: { order: Order }) {
  if (order.paid) {
    return (
      <div className="flex min-w-0 flex-col items-end gap-1 @4xl:items-start">
        <div className="flex flex-wrap gap-1.5">
          <span className="badge border-green-300 bg-green-100 font-semibold text-green-900">
            Paid
          </span>
          <ShippedBadge order={order} />
          {!order.refundedAt && (order.refunded ?? 0) > 0 && (
            <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
              Partly refunded
            </span>
          )}
        </div>
        {order.transactionId && (
          <p className="flex max-w-[9rem] items-baseline gap-1 text-xs text-slate-700">
            <span className="shrink-0">Transaction id:</span>
            <code title={order.transactionId} className="truncate font-mono text-slate-900">
              {order.transactionId}
            </code>
          </p>
        )}
      </div>
    );
  }
  if (order.expired) {
    return (
      <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
        Expired
      </span>
    );
  }
  if (order.refundedAt) {
    // An order on terms cancelled before it was paid: its invoice was credited.
    return (
      <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
        Cancelled
      </span>
    );
  }
  if (onAccount(order)) {
    return (
      <div className="flex flex-wrap justify-end gap-1.5 @4xl:justify-start">
        <span className="badge border-sky-300 bg-sky-50 font-semibold text-sky-900">
          On account{order.dueDate ? `, due ${dayLabel(order.dueDate)}` : ''}
        </span>
        <ShippedBadge order={order} />
      </div>
    );
  }
  if (order.approval === 'pending' || order.approval === 'declined') {
    return (
      <span className="badge border-amber-300 bg-amber-50 font-semibold text-amber-900">
        {order.approval === 'pending' ? 'Awaits approval' : 'Declined'}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1 text-right @4xl:items-start @4xl:text-left">
      {payableByCard(order) ? (
        <Link
          to={href('/dashboard/payment/:id', { id: order._id })}
          className="btn btn-primary btn-sm px-5"
        >
          Pay <span className="sr-only">for {order.name}</span>
        </Link>
      ) : (
        <span className="text-sm text-slate-700">Nothing to pay</span>
      )}
      {order.expiresAt && <Expiry at={order.expiresAt} />}
    </div>
  );
}

/**
 * The order's name (an order of several parts says "… and 2 more"), its part number or, for an
 * order of several parts, each of them, the way to its page, "Order again" and, once paid, its
 * invoice. My Orders loads no zod before its first render: `lines` is read as the answer has it,
 * not with the contract's linesOf.
 */
function OrderName({ order, index }: { order: Order; index: number }) {
  return (
    <>
      <span className="block font-bold text-slate-900">{order.name}</span>
      <OrderParts order={order} label={`Parts of order ${order.number}`} />
      {/* Each at least 24 px tall (WCAG 2.5.8's target size): they sit side by side. */}
      <span className="mt-1 flex flex-wrap gap-x-4 text-sm">
        <Link
          to={href('/dashboard/orders/:id', { id: order._id })}
          className="link link-primary inline-flex min-h-6 items-center"
        >
          Details <span className="sr-only">of order {index + 1}</span>
        </Link>
        <OrderAgainButton
          orderId={order._id}
          label={`order ${order.number}`}
          className="link link-primary inline-flex min-h-6 items-center gap-1 disabled:opacity-60"
        />
        {order.invoiceNumber && (
          <a
            href={`/api/orders/${order._id}/invoice.pdf`}
            download={`${order.invoiceNumber}.pdf`}
            className="link link-primary inline-flex min-h-6 items-center"
          >
            Invoice <span className="sr-only">{order.invoiceNumber}</span>
          </a>
        )}
      </span>
    </>
  );
}

function OrderRow({
  order,
  index,
  deleting,
  onDelete,
}: {
  order: Order;
  index: number;
  deleting: boolean;
  onDelete: (order: Order, index: number) => void;
}) {
  // A paid order, or one invoiced on terms (even credited), is kept: no Delete.
  const settled = order.paid || order.invoiceNumber !== null;
  return (
    <tr className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 @4xl:table-row @4xl:p-0 @4xl:hover:bg-slate-50">
      <td
        className={`self-center text-sm font-semibold whitespace-nowrap text-slate-700 @4xl:text-base ${CELL}`}
      >
        <span className="@4xl:hidden">Order </span>
        {index + 1}
      </td>
      {/* The order's own number, which a search finds and the mails and documents quote. */}
      <td className={`self-center text-right @4xl:text-left ${CELL}`}>
        <span className="sr-only @4xl:hidden">Order number </span>
        <span className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900">
          {order.number}
        </span>
      </td>
      <td className={`row-span-2 ${CELL}`}>
        <ResponsiveImage
          src={order.image}
          alt=""
          width={64}
          height={64}
          sizes="72px"
          className="h-[4.5rem] w-[4.5rem] rounded-lg bg-slate-100 object-contain p-1.5 @4xl:h-14 @4xl:w-14"
        />
      </td>
      <td className={`self-end break-words ${CELL}`}>
        <OrderName order={order} index={index} />
      </td>
      {/* A long address wraps anywhere rather than pushing the Payment column out of sight. */}
      <td className={`self-start text-sm [overflow-wrap:anywhere] text-slate-700 ${CELL}`}>
        {order.userEmail}
      </td>
      <FigureCell label="Quantity" tight>
        <OrderQuantity order={order} />
      </FigureCell>
      <FigureCell label="Total" tight>
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatDollars(order.total)}
        </span>
      </FigureCell>
      {/* On a card, an unpaid order's Delete and Pay share the last line; a paid one has no Delete. */}
      <td className={`${settled ? 'hidden' : 'mt-1 flex items-center'} @4xl:text-right ${CELL}`}>
        {settled ? (
          <span className="text-sm text-slate-700">
            <span aria-hidden="true">—</span>
            <span className="sr-only">
              {order.paid ? 'Paid orders cannot be deleted' : 'Invoiced orders cannot be deleted'}
            </span>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={deleting}
            onClick={() => onDelete(order, index)}
          >
            {deleting && <span aria-hidden="true" className="spinner size-4" />}
            Delete{' '}
            <span className="sr-only">
              order {index + 1} ({order.name})
            </span>
          </button>
        )}
      </td>
      <td
        className={`flex items-center gap-4 ${
          settled ? 'col-span-2 justify-between' : 'mt-1 justify-end'
        } ${CELL}`}
      >
        {settled && <CellLabel>Payment</CellLabel>}
        <PaymentCell order={order} />
      </td>
    </tr>
  );
}

/**
 * The table's header cells: the label and whether the column is right-aligned. The rows are cards
 * until the page's column is wide enough for the nine columns (the dashboard's side menu takes
 * room from 1024 px up).
 */
const COLUMNS = [
  ['#'],
  ['Order number'],
  ['Image'],
  ['Name'],
  ['Email'],
  ['Quantity', 'right'],
  ['Total', 'right'],
  ['Delete', 'right'],
  ['Payment'],
] as const;

/** How many orders the table shows at first, and how many more each "Show more" adds. */
const ORDERS_STEP = 20;

/**
 * The buyer's orders, newest first. `indexOf` gives each its place in the whole list (the spec's
 * index column), which a search's shorter list keeps.
 */
export function OrdersTable({
  orders,
  indexOf,
  caption,
  deletingId,
  onDelete,
}: {
  orders: Order[];
  indexOf: (order: Order, position: number) => number;
  caption: string;
  deletingId: string | null;
  onDelete: (order: Order, index: number) => void;
}) {
  // A long history renders in steps: the newest orders at once, the rest on demand, so a buyer
  // with hundreds of orders does not wait for a table of all of them.
  const [shown, setShown] = useState(ORDERS_STEP);
  const visible = orders.slice(0, shown);
  const rest = orders.length - visible.length;
  return (
    <>
      <DataTable wide="container" headPadding="px-3 py-3" caption={caption} columns={COLUMNS}>
        {visible.map((order, position) => (
          <OrderRow
            key={order._id}
            order={order}
            index={indexOf(order, position)}
            deleting={deletingId === order._id}
            onDelete={onDelete}
          />
        ))}
      </DataTable>
      {rest > 0 && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-700">
            Showing {visible.length} of {orders.length} orders
          </p>
          <button
            type="button"
            className="btn btn-outline btn-primary"
            onClick={() => setShown((n) => n + ORDERS_STEP)}
          >
            Show {Math.min(rest, ORDERS_STEP)} more
          </button>
        </div>
      )}
    </>
  );
}
