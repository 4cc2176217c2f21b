import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CustomerWaiting, OrderList, Quote } from '@partsmith/contract';
import { onAccount, payableByCard } from '@partsmith/contract/order-views';
import { orders, quotes } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { signUp } from './auth-helpers.ts';
import { addressBook } from './address-helpers.ts';
import { callWith, invitationId } from './company-helpers.ts';
import { buildTestApp, ONE_DB, recordingMailer, type TestApp } from './helpers.ts';

// A customer's "Waiting for you": each count is what the list it links to shows (My Orders' Pay
// buttons and invoices on account, My Quotes' answered quotes, the Company page's approvals), and
// it follows what the customer, the company's approver and the shop do. Plain counts whose
// answers do not depend on the database: PGlite.
describe.each(ONE_DB)('what waits for a customer on %s', (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const call = callWith(() => t);
  const addressOf = addressBook(() => t);
  let owner: string;
  let buyer: string;
  let shop: string;
  let companyId: string;
  let partId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com', MAX_UNPAID_ORDERS: '10' },
      deps: { mailer: mail.mailer },
    });
    partId = (
      await insertPart(t.database.db, {
        name: 'Waiting bench vise',
        priceCents: 10_000,
        availableQuantity: 1_000,
        minOrderQuantity: 1,
      })
    ).id;
    owner = (await signUp(t, { email: 'owner@wait.example', mails: mail.mails })).cookie;
    buyer = (await signUp(t, { email: 'buyer@wait.example', mails: mail.mails })).cookie;
    shop = (await signUp(t, { email: 'shop@example.com', mails: mail.mails })).cookie;
    const created = await call(owner, 'POST', '/api/auth/organization/create', {
      name: 'Wait Co',
      slug: 'wait-co',
    });
    expect(created.statusCode, created.body).toBe(200);
    companyId = created.json().id;
    const invited = await call(owner, 'POST', '/api/auth/organization/invite-member', {
      email: 'buyer@wait.example',
      role: 'buyer',
      organizationId: companyId,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accepted = await call(buyer, 'POST', '/api/auth/organization/accept-invitation', {
      invitationId: invitationId(mail.sent, 'buyer@wait.example'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
  afterAll(() => t.close());

  const waiting = async (cookie: string) => {
    const res = await call(cookie, 'GET', '/api/waiting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return CustomerWaiting.parse(res.json());
  };
  /** The buyer's orders as My Orders lists them. */
  const myOrders = async () => {
    const res = await call(buyer, 'GET', '/api/orders?userEmail=buyer@wait.example');
    expect(res.statusCode, res.body).toBe(200);
    return OrderList.parse(res.json());
  };
  /** The buyer's counts, checked against what My Orders and My Quotes show. */
  const buyerWaiting = async () => {
    const now = await waiting(buyer);
    const listed = await myOrders();
    const quoted = (await call(buyer, 'GET', '/api/quotes')).json() as unknown[];
    expect(now.ordersToPay).toBe(listed.filter(payableByCard).length);
    expect(now.invoicesToPay).toBe(listed.filter(onAccount).length);
    expect(now.quotesToAccept).toBe(
      quoted.map((q) => Quote.parse(q)).filter((q) => q.status === 'answered').length,
    );
    return now;
  };
  const order = async (body: object = {}) => {
    const filled = await call(buyer, 'PUT', `/api/cart/lines/${partId}`, { quantity: 1 });
    expect(filled.statusCode, filled.body).toBe(200);
    const placed = await call(buyer, 'POST', '/api/checkout', {
      addressId: await addressOf(buyer),
      ...body,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().insertedId as string;
  };

  it('a new customer has nothing waiting; only those who approve a company’s orders get that count', async () => {
    expect(await buyerWaiting()).toEqual({
      ordersToPay: 0,
      quotesToAccept: 0,
      invoicesToPay: 0,
      invoicesOverdue: 0,
      ordersToApprove: null,
    });
    expect((await waiting(owner)).ordersToApprove).toBe(0);
    // The shop's admin is in no company.
    expect((await waiting(shop)).ordersToApprove).toBeNull();
  });

  it('counts the orders to pay, not those an approver holds, and follows a deletion', async () => {
    const first = await order();
    expect((await buyerWaiting()).ordersToPay).toBe(1);
    // Above the buyer's spending limit: it waits for the owner, and cannot be paid yet.
    const limited = await call(owner, 'PUT', '/api/company/spending-limits', { spendingLimit: 50 });
    expect(limited.statusCode, limited.body).toBe(200);
    const held = await order({ poNumber: 'PO-HELD' });
    expect(await buyerWaiting()).toMatchObject({ ordersToPay: 1, ordersToApprove: null });
    expect((await waiting(owner)).ordersToApprove).toBe(1);
    const approvals = await call(owner, 'GET', '/api/company/approvals');
    expect(OrderList.parse(approvals.json()).map((o) => o._id)).toEqual([held]);
    // Approved, it is the buyer's to pay; the owner has nothing left to approve.
    expect((await call(owner, 'POST', `/api/orders/${held}/approve`)).statusCode).toBe(200);
    expect((await buyerWaiting()).ordersToPay).toBe(2);
    expect((await waiting(owner)).ordersToApprove).toBe(0);
    // A declined one is not to pay.
    const declined = await order({ poNumber: 'PO-DECLINED' });
    expect((await call(owner, 'POST', `/api/orders/${declined}/decline`)).statusCode).toBe(200);
    expect((await buyerWaiting()).ordersToPay).toBe(2);
    // Deleted, or paid, an order waits no more.
    expect((await call(buyer, 'DELETE', `/api/orders/${first}`)).statusCode).toBe(200);
    expect((await buyerWaiting()).ordersToPay).toBe(1);
    await t.database.db
      .update(orders)
      .set({ paid: true, transactionId: 'pi_waiting_test', paidAt: new Date() })
      .where(eq(orders.id, held));
    expect((await buyerWaiting()).ordersToPay).toBe(0);
    expect(
      (await call(owner, 'PUT', '/api/company/spending-limits', { spendingLimit: null }))
        .statusCode,
    ).toBe(200);
  });

  it('counts the invoices on account, and those past their due date', async () => {
    const terms = await call(shop, 'PUT', `/api/admin/companies/${companyId}`, {
      paymentTerms: 'net30',
      creditLimit: 5000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const due = await order({ payment: 'invoice' });
    const late = await order({ payment: 'invoice' });
    expect(await buyerWaiting()).toMatchObject({
      ordersToPay: 0,
      invoicesToPay: 2,
      invoicesOverdue: 0,
    });
    await t.database.db.update(orders).set({ dueDate: '2026-01-15' }).where(eq(orders.id, late));
    expect(await buyerWaiting()).toMatchObject({ invoicesToPay: 2, invoicesOverdue: 1 });
    // Cancelled by the shop (credited), an invoice is owed no more.
    const cancelled = await call(shop, 'POST', `/api/orders/${late}/refund`, {
      reason: 'Ordered twice',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await buyerWaiting()).toMatchObject({ invoicesToPay: 1, invoicesOverdue: 0 });
    expect(due).not.toBe(late);
  });

  it('counts the answered quotes whose prices still hold', async () => {
    const asked = await call(buyer, 'POST', '/api/quotes', {
      lines: [{ partId, quantity: 40 }],
      message: 'For our workshop.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = Quote.parse(asked.json())._id;
    expect((await buyerWaiting()).quotesToAccept).toBe(0);
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const answered = await call(shop, 'PUT', `/api/quotes/${id}`, {
      lines: [{ partId, unitPrice: 90 }],
      validUntil,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await buyerWaiting()).quotesToAccept).toBe(1);
    // Another customer's quotes are not theirs.
    expect((await waiting(owner)).quotesToAccept).toBe(0);
    // Past its last day, it cannot be accepted any more.
    await t.database.db
      .update(quotes)
      .set({ validUntil: sql`now() - interval '1 hour'` })
      .where(eq(quotes.id, id));
    expect((await buyerWaiting()).quotesToAccept).toBe(0);
  });
});
