import { href } from 'react-router';
import type { AdminWaiting, CustomerWaiting } from '@partsmith/contract';
import { useAdminWaiting } from '../api/get-admin-waiting.ts';
import { useCustomerWaiting } from '../api/get-customer-waiting.ts';
import { WaitingPanel, type WaitingTask } from './waiting-panel.tsx';

const STAFF_TASKS: WaitingTask<AdminWaiting>[] = [
  {
    count: (c) => c.ordersToShip,
    one: 'order to ship',
    many: 'orders to ship',
    to: `${href('/dashboard/manage-orders')}?status=to-ship`,
  },
  {
    count: (c) => c.quotesToAnswer,
    one: 'quote request to answer',
    many: 'quote requests to answer',
    to: `${href('/dashboard/manage-quotes')}?state=requested`,
  },
  {
    count: (c) => c.newMessages,
    one: 'new message',
    many: 'new messages',
    to: `${href('/dashboard/messages')}?handled=false`,
  },
  {
    count: (c) => c.overdueInvoices,
    one: 'invoice past due',
    many: 'invoices past due',
    to: href('/dashboard/companies'),
  },
  {
    count: (c) => c.lowStockParts,
    one: 'part low in stock',
    many: 'parts low in stock',
    to: href('/dashboard/overview'),
  },
];

/**
 * The admin's dashboard home, first: what waits for the staff now (orders to ship, quote
 * requests, new messages, invoices past due, parts running low), each a link to the list that
 * shows them. Read again whenever the dashboard opens.
 */
export function WaitingForStaff() {
  return (
    <WaitingPanel
      query={useAdminWaiting()}
      tasks={STAFF_TASKS}
      allClear="You are all caught up: every paid order has shipped, every quote request is answered, every message handled, no invoice is past due and no part runs low."
    />
  );
}

const CUSTOMER_TASKS: WaitingTask<CustomerWaiting>[] = [
  {
    count: (c) => c.ordersToPay,
    one: 'order to pay',
    many: 'orders to pay',
    to: `${href('/dashboard/my-orders')}?show=to-pay`,
  },
  {
    count: (c) => c.quotesToAccept,
    one: 'quote to accept',
    many: 'quotes to accept',
    to: href('/dashboard/quotes'),
  },
  {
    count: (c) => c.invoicesToPay,
    one: 'invoice on account to pay',
    many: 'invoices on account to pay',
    to: `${href('/dashboard/my-orders')}?show=on-account`,
    note: (c) => (c.invoicesOverdue > 0 ? `${c.invoicesOverdue} past due` : null),
  },
  {
    count: (c) => c.ordersToApprove,
    one: 'order of your company to approve',
    many: 'orders of your company to approve',
    to: `${href('/dashboard/company')}#company-approvals-heading`,
  },
];

/**
 * A customer's dashboard home, first: what waits for them (orders to pay, quotes to accept,
 * invoices on account, their company's orders to approve), a tile for each that waits.
 */
export function WaitingForCustomer() {
  return (
    <WaitingPanel
      query={useCustomerWaiting()}
      tasks={CUSTOMER_TASKS}
      hideZero
      allClear="Nothing waits for you: no order is left to pay and no quote waits for your answer."
    />
  );
}
