import type { Order } from '@partsmith/contract';
import { onAccount, shippable } from '@partsmith/contract/order-views';
import { dayLabel } from '../../../lib/day-label.ts';
import {
  ADMIN_LIST_DEFAULT,
  ADMIN_ORDER_SORTS,
  AdminOrdersListQuery,
} from '@partsmith/contract/admin-lists';
import { useRef } from 'react';
import { href, Link } from 'react-router';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useDeleteOrder } from '../api/delete-order.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { RefundButton, StatusCell } from './order-status-actions.tsx';
import { PackingSlipsButtons } from './packing-slips-buttons.tsx';
import { invoiceHref, packingSlipHref } from '../../../lib/order-documents.ts';
import { DELETE_ITEM_TEXT, DELETED, messageOf } from './admin-messages.ts';
import { EmptyList } from './list-states.tsx';
import { BulkOrderActions } from './bulk-order-actions.tsx';
import { useSelection } from './use-selection.ts';
import { AdminListPage } from './admin-list.tsx';
import { ActionButton } from './action-button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { BOX_CELL, BOX_LINE, BoxCellLabel, Email, NoAction } from './table-cells.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { DateFilter, FilterSelect } from '../../../components/ui/list-controls.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { OrderParts, OrderQuantity } from '../../../components/ui/order-parts.tsx';

/**
 * The order's number, name and buyer; its part number or, for an order of several parts, each of
 * them; the way to the order's page and, once paid, its invoice.
 */
function OrderName({ order }: { order: Order }) {
  return (
    <>
      <span className="block font-mono text-sm font-semibold text-slate-900">{order.number}</span>
      {order.poNumber && (
        <span className="block text-sm break-words text-slate-700">PO {order.poNumber}</span>
      )}
      {onAccount(order) && (
        <span className="badge mt-1 h-auto border-sky-300 bg-sky-50 py-0.5 font-semibold text-sky-900">
          On account{order.dueDate ? `, due ${dayLabel(order.dueDate)}` : ''}
        </span>
      )}
      <span className="block font-bold break-words text-slate-900">{order.name}</span>
      <OrderParts order={order} label={`Parts of order ${order.number}`} />
      <span className="block text-sm break-words text-slate-700">{order.userName}</span>
      {/* Each link 24 px high, so that when they wrap they stay apart (axe: target-size). */}
      <span className="mt-1 flex flex-wrap gap-x-3 text-sm [&>a]:inline-flex [&>a]:min-h-6 [&>a]:items-center">
        <Link to={href('/dashboard/orders/:id', { id: order._id })} className="link link-primary">
          Details
          <span className="sr-only">
            : order of {order.name} for {order.userEmail}
          </span>
        </Link>
        {order.invoiceNumber && (
          <a
            href={invoiceHref(order._id)}
            download={`${order.invoiceNumber}.pdf`}
            className="link link-primary"
          >
            Invoice <span className="sr-only">{order.invoiceNumber}</span>
          </a>
        )}
        {shippable(order) && (
          <a
            href={packingSlipHref(order._id)}
            target="_blank"
            rel="noopener"
            className="link link-primary"
          >
            Packing slip
            <span className="sr-only">: order {order.number} (opens in a new tab)</span>
          </a>
        )}
      </span>
    </>
  );
}

/** An order to ship: one the bulk actions take (paid, or on account, not refunded or shipped). */
const toShip = (order: Order) => shippable(order) && order.status !== 'shipped';

/** Each row a card below @4xl: the box to select it, the image, then its lines, all across. */
const ORDER_ROW =
  'grid grid-cols-[1.5rem_4rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-4 @4xl:table-row @4xl:p-0';

function OrderRow({
  order,
  selected,
  onSelect,
  onDeleted,
}: {
  order: Order;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteOrder();

  const onDelete = async () => {
    if (!(await confirmDialog(DELETE_ITEM_TEXT))) return;
    try {
      await remove.mutateAsync(order._id);
      toast.success(DELETED, { description: `${order.name} for ${order.userEmail}` });
      onDeleted();
    } catch (error) {
      // A 409: the order was paid in the meantime.
      void showErrorDialog(messageOf(error));
    }
  };

  return (
    <tr className={`${ORDER_ROW} ${selected ? 'bg-orange-50' : '@4xl:hover:bg-slate-50'}`}>
      <td className={`row-span-2 self-start ${BOX_CELL}`}>
        {toShip(order) ? (
          <input
            type="checkbox"
            className="checkbox checkbox-sm border-slate-500"
            aria-label={`Select order ${order.number}`}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        ) : (
          <NoAction why="Not an order to ship" />
        )}
      </td>
      <td className={`row-span-2 ${BOX_CELL}`}>
        <ResponsiveImage
          src={order.image}
          alt=""
          width={56}
          height={56}
          sizes="64px"
          className="h-16 w-16 rounded-lg bg-slate-100 object-contain p-1.5 @4xl:h-14 @4xl:w-14"
        />
      </td>
      <td className={`self-end ${BOX_CELL}`}>
        <OrderName order={order} />
      </td>
      {/* A long address wraps where it must: beside the side menu (1024 px) the row fits. */}
      <td className={`self-start text-sm text-slate-700 [overflow-wrap:anywhere] ${BOX_CELL}`}>
        <Email address={order.userEmail} />
      </td>
      <td className={`${BOX_LINE} @4xl:text-right`}>
        <BoxCellLabel>Quantity</BoxCellLabel>
        <OrderQuantity order={order} />
      </td>
      <td className={`${BOX_LINE} @4xl:text-right`}>
        <BoxCellLabel>Total</BoxCellLabel>
        <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
          {formatDollars(order.total)}
        </span>
      </td>
      <td className={BOX_LINE}>
        <BoxCellLabel>Status</BoxCellLabel>
        <span className="flex flex-col items-end gap-1 @4xl:items-start">
          <StatusCell order={order} />
          {!order.refundedAt && (order.refunded ?? 0) > 0 && (
            <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
              Partly refunded {formatDollars(order.refunded ?? 0)}
            </span>
          )}
          {shippable(order) && <RefundButton order={order} />}
        </span>
      </td>
      <td className={`${BOX_LINE} @4xl:text-right`}>
        <BoxCellLabel>Delete</BoxCellLabel>
        {order.paid || order.invoiceNumber ? (
          <NoAction
            why={order.paid ? 'Paid orders cannot be deleted' : 'Invoiced orders cannot be deleted'}
          />
        ) : (
          <ActionButton
            className="btn btn-outline btn-error btn-sm whitespace-nowrap"
            busy={remove.isPending}
            onAction={onDelete}
          >
            Delete
            <span className="sr-only">
              : order of {order.name} for {order.userEmail}
            </span>
          </ActionButton>
        )}
      </td>
    </tr>
  );
}

const COLUMNS = [
  ['Select'],
  ['Image'],
  ['Name'],
  ['E-mail'],
  ['Quantity', 'right'],
  ['Total', 'right'],
  ['Status'],
  ['Delete', 'right'],
] as const;

const FILTERS = ['q', 'status', 'paid', 'from', 'to'] as const;

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Total, highest first' },
  { value: 'total-asc', label: 'Total, lowest first' },
] as const;

/** The contract's order states (ADMIN_ORDER_STATES), as the filter offers them. */
const STATES = [
  { value: 'to-ship', label: 'To ship (paid or on account)' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid, not shipped' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'expired', label: 'Expired' },
];

const PAYMENT = [
  { value: 'true', label: 'Paid' },
  { value: 'false', label: 'Not paid' },
];

/**
 * /dashboard/manage-orders: 'All Orders: {count}' (every order) and a table of them a page at a
 * time from the server, with each order's status button (ships paid orders), a refund for paid
 * ones and a delete for unpaid ones. A search finds an order number, a buyer's e-mail or name, a
 * part's name or number; filters narrow by state, payment and the day it was placed (from, to);
 * all of it, the sort and the page are in the address.
 */
export function ManageOrdersPage() {
  const list = useListParams({
    schema: AdminOrdersListQuery,
    filters: FILTERS,
    sorts: ADMIN_ORDER_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total } = useAllOrders(list);
  const heading = useRef<HTMLHeadingElement>(null);
  const { from, to } = list.values;
  const selection = useSelection(JSON.stringify(list.request));
  const pageIds = (page.data?.items ?? []).filter(toShip).map((order) => order._id);
  const selected = pageIds.filter((id) => selection.has(id));

  return (
    <AdminListPage
      pageName="Manage Orders"
      eyebrow="Orders"
      title={(count) => (count === undefined ? 'All Orders' : `All Orders: ${count}`)}
      headingRef={heading}
      actions={<PackingSlipsButtons />}
      list={list}
      query={page}
      total={total}
      noun={['order', 'orders']}
      search={{
        label: 'Search all orders',
        placeholder: 'Order number, e-mail, name or part',
      }}
      filters={
        <>
          <FilterSelect
            label="Status"
            all="Any status"
            value={list.values.status}
            choices={STATES}
            onChange={(value) => list.setFilters({ status: value })}
          />
          <FilterSelect
            label="Payment"
            all="Paid or not"
            value={list.values.paid}
            choices={PAYMENT}
            onChange={(value) => list.setFilters({ paid: value })}
          />
          <DateFilter
            label="Placed from"
            value={from}
            max={to}
            onChange={(value) => list.setFilters({ from: value })}
          />
          <DateFilter
            label="Placed until"
            value={to}
            min={from}
            onChange={(value) => list.setFilters({ to: value })}
          />
        </>
      }
      sorts={SORTS}
      noMatch="Try an order number (such as PS-O-000123), a buyer's e-mail or name, a part name or a part number."
      empty={
        <EmptyList title="No orders yet.">New orders show up here as customers buy.</EmptyList>
      }
      above={
        <BulkOrderActions
          pageIds={pageIds}
          selected={selected}
          onSelectAll={(all) => (all ? selection.setAll(pageIds) : selection.clear())}
          onShipped={selection.clear}
        />
      }
    >
      {(orders, caption) => (
        <DataTable wide="container" headPadding="px-3 py-3" caption={caption} columns={COLUMNS}>
          {orders.map((order) => (
            <OrderRow
              key={order._id}
              order={order}
              selected={selection.has(order._id)}
              onSelect={(on) => selection.toggle(order._id, on)}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </DataTable>
      )}
    </AdminListPage>
  );
}
