import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminWaiting,
  CustomerWaiting,
  OrdersCsvQuery,
  Sales,
  SalesQuery,
} from '@partsmith/contract';
import { ordersCsv, salesFigures } from './service.ts';
import { customerWaiting, waitingWork } from './waiting.ts';

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The owner's numbers: the overview's figures and the accounting export of the orders. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'getSales',
        summary: 'The shop’s numbers over the last 30 or 90 days (UTC)',
        description:
          'Revenue of the paid orders by day (every day listed: the parts sold, without shipping and sales tax), the shipping and sales tax they collected, the orders by state, the five parts that brought the most, the average paid order, and the parts below their low-stock threshold. Money in dollars.',
        querystring: SalesQuery,
        response: { 200: Sales },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return salesFigures(app.db, Number(request.query.days));
    },
  );

  app.get(
    '/admin/waiting',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'getAdminWaiting',
        summary: 'What waits for the shop’s staff now (the dashboard’s first screen)',
        description:
          'Counts, each as the list it leads to finds it: `ordersToShip` the orders paid or on a company’s account and not shipped or refunded (Manage Orders, `status=to-ship`), `quotesToAnswer` the quote requests not answered (Manage Quotes, `state=requested`), `newMessages` the contact messages not marked handled (Messages, `handled=false`), `overdueInvoices` the invoices on payment terms past their due date, `lowStockParts` the parts below their low-stock alert, out of stock included.',
        response: { 200: AdminWaiting },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return waitingWork(app.db);
    },
  );

  app.get(
    '/waiting',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        operationId: 'getCustomerWaiting',
        summary: 'What waits for you now (your dashboard’s first screen)',
        description:
          'Counts of your own: `ordersToPay` your card orders that can be paid now (not paid, expired, waiting for your company’s approver or declined; what shows My Orders’ Pay button), `quotesToAccept` your answered quotes whose prices still hold, `invoicesToPay` your orders on account (invoiced on your company’s payment terms, not paid yet) and `invoicesOverdue` those of them past their due date. `ordersToApprove`: your company’s orders waiting for an approver when you are its owner, an admin or an approver, else null.',
        response: { 200: CustomerWaiting },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return customerWaiting(app.db, request.user!.id);
    },
  );

  app.get(
    '/allPurchases.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'exportOrdersCsv',
        summary:
          'The orders placed from one day to another, as a CSV file (UTC days, both included)',
        description:
          'Oldest first, streamed, a row per order line (an order of 3 lines is 3 rows, each with its order’s columns). Columns: order_id, created_at, paid, paid_at, status, shipped_at, customer_email, customer_name, line (its place in the order, from 1), part_id, part_name, quantity, unit_price, line_total (quantity × unit price), order_total (the sum of its line totals: the subtotal), order_number, part_number, subtotal, shipping, tax, total (subtotal + shipping + tax: what was charged). Money in dollars, 2 decimals. Text starting with = + - or @ gets a leading apostrophe.',
        querystring: OrdersCsvQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const range = {
        from: from ? startOf(from) : null,
        to: to ? new Date(startOf(to).getTime() + DAY_MS) : null,
      };
      const name = `partsmith-orders-${from ?? 'start'}-to-${to ?? new Date().toISOString().slice(0, 10)}.csv`;
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          // Fastify pipes a stream as it comes (no serializer); the schema says what it carries.
          .send(Readable.from(ordersCsv(app.db, range), { objectMode: false }) as unknown as string)
      );
    },
  );
};
