import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Order } from '@partsmith/contract';
import {
  companyAccounts,
  orders,
  parts,
  priceListPrices,
  priceLists,
} from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { signUp } from './auth-helpers.ts';
import { callWith, invitationId } from './company-helpers.ts';
import { pdfText } from './pdf-text.ts';
import { addressBook } from './address-helpers.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

/**
 * Issue 49: a company's checkouts: the PO number its terms ask for, pay by invoice on payment
 * terms (invoiced at once, due after its terms) within the credit limit, even under 20 checkouts
 * at once by its buyers.
 */
describe.each(DB_KINDS)("a company's checkouts on %s", (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const cookies: string[] = [];
  let solo: string;
  let companyId: string;
  let partId: string;
  const addressOf = addressBook(() => t);

  const call = callWith(() => t);
  const fill = (cookie: string, quantity: number) =>
    call(cookie, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  const checkout = async (cookie: string, body: object) =>
    call(cookie, 'POST', '/api/checkout', { addressId: await addressOf(cookie), ...body });
  /** The part's stock now. */
  const stock = async () =>
    (
      await t.database.db
        .select({ q: parts.availableQuantity })
        .from(parts)
        .where(eq(parts.id, partId))
    )[0]!.q;
  /** shop@example.com, the shop's admin (ADMIN_EMAILS, signed up by the PO test), signed in. */
  const shopAdmin = async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'shop@example.com', password: 'long enough 123' },
    });
    return String(signIn.headers['set-cookie']).split(';')[0]!;
  };
  const order = async (cookie: string, id: string) =>
    Order.parse((await call(cookie, 'GET', `/api/purchase/${id}`)).json());

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com', MAX_UNPAID_ORDERS: '2', MAX_UNPAID_VALUE: '5000' },
      deps: { mailer: mail.mailer },
    });
    // $100.00 a unit, no shipping zone needed beyond the default test shop's.
    partId = (
      await insertPart(t.database.db, {
        name: 'Terms bench vise',
        priceCents: 10_000,
        availableQuantity: 10_000,
        minOrderQuantity: 1,
      })
    ).id;
    for (let i = 0; i < 21; i++) {
      const { cookie } = await signUp(t, { email: `buyer${i}@terms.example`, mails: mail.mails });
      cookies.push(cookie);
    }
    solo = (await signUp(t, { email: 'solo@example.com', mails: mail.mails })).cookie;
    const created = await call(cookies[0]!, 'POST', '/api/auth/organization/create', {
      name: 'Terms Co',
      slug: 'terms-co',
    });
    expect(created.statusCode, created.body).toBe(200);
    companyId = created.json().id;
    // The others join as buyers, as an invitation's acceptance adds them.
    for (let i = 1; i < cookies.length; i++) {
      const email = `buyer${i}@terms.example`;
      expect(
        (
          await call(cookies[0]!, 'POST', '/api/auth/organization/invite-member', {
            email,
            role: 'buyer',
            organizationId: companyId,
          })
        ).statusCode,
      ).toBe(200);
      const id = invitationId(mail.sent, email);
      expect(
        (
          await call(cookies[i]!, 'POST', '/api/auth/organization/accept-invitation', {
            invitationId: id,
          })
        ).statusCode,
      ).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('a buyer without a company cannot pay by invoice; a company without terms neither', async () => {
    await fill(solo, 1);
    const refused = await checkout(solo, { payment: 'invoice' });
    expect(refused.statusCode).toBe(422);
    await fill(cookies[1]!, 1);
    const noTerms = await checkout(cookies[1]!, { payment: 'invoice' });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().message).toContain('no payment terms');
  });

  it('asks for a PO number where the terms say so, and keeps it on the order', async () => {
    const shop = (await signUp(t, { email: 'shop@example.com', mails: mail.mails })).cookie;
    const put = await call(shop, 'PUT', `/api/admin/companies/${companyId}`, {
      paymentTerms: 'net30',
      creditLimit: 1000,
      poRequired: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    const noPo = await checkout(cookies[1]!, { payment: 'invoice' });
    expect(noPo.statusCode).toBe(422);
    expect(noPo.json().message).toContain('purchase order number');
    const placed = await checkout(cookies[1]!, { payment: 'invoice', poNumber: ' PO-4711 ' });
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await order(cookies[1]!, placed.json().insertedId);
    expect(row).toMatchObject({
      poNumber: 'PO-4711',
      paymentMethod: 'invoice',
      paid: false,
      approval: null,
      expiresAt: null,
    });
    expect(row.invoiceNumber).toMatch(/^PS-\d{4}-\d{6}$/);
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect([due, new Date(Date.now() + 29 * 86_400_000).toISOString().slice(0, 10)]).toContain(
      row.dueDate,
    );
    // Its invoice exists before it is paid, due on its date, with the PO number.
    const pdf = await call(cookies[1]!, 'GET', `/api/orders/${row._id}/invoice.pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Payment due by');
    expect(text).toContain('PO-4711');
    // The PO number is in the order's mail, and finds the order in My Orders and Manage Orders.
    await t.app.orderMails.drain();
    const placedMail = mail.sent.find((m) => m.subject.includes(row.number));
    expect(placedMail?.text).toContain('Purchase order PO-4711');
    const mine = await call(
      cookies[1]!,
      'GET',
      '/api/orders?userEmail=buyer1@terms.example&q=po-4711',
    );
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([row._id]);
    const table = await call(shop, 'GET', '/api/admin/orders?q=4711');
    expect(table.json().items.map((o: { _id: string }) => o._id)).toEqual([row._id]);
    // Invoiced on terms, it is not deleted, and it ships before it is paid.
    const deleted = await call(cookies[1]!, 'DELETE', `/api/orders/${row._id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toContain('invoiced order cannot be deleted');
    const shipped = await call(shop, 'PUT', `/api/changeStatus/${row._id}`);
    expect(shipped.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await order(cookies[1]!, row._id)).toMatchObject({ status: 'shipped', paid: false });
    // The company's owner sees the order; another buyer of the company does not.
    expect((await call(cookies[0]!, 'GET', `/api/purchase/${row._id}`)).statusCode).toBe(200);
    expect((await call(cookies[3]!, 'GET', `/api/purchase/${row._id}`)).statusCode).toBe(404);
  });

  it('holds the credit limit under 20 checkouts at once by its buyers', async () => {
    // $1,000 limit, one order of about $100 and shipping owed: the rest fits 8 or fewer more.
    const before = (await call(cookies[0]!, 'GET', '/api/company')).json().company.terms;
    for (let i = 1; i <= 20; i++) await fill(cookies[i]!, 1);
    const answers = await Promise.all(
      cookies
        .slice(1, 21)
        .map((cookie, i) => checkout(cookie, { payment: 'invoice', poNumber: `PO-${i}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(),
    ).toBe(true);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toContain('credit limit');
    const after = (await call(cookies[0]!, 'GET', '/api/company')).json().company.terms;
    expect(after.outstanding).toBeLessThanOrEqual(1000);
    expect(after.outstanding).toBeGreaterThan(before.outstanding);
    // Every order on terms, over the shop's MAX_UNPAID_ORDERS of 2 per buyer: the credit limit governs.
    const placed = codes.filter((c) => c === 200).length;
    expect(placed).toBeGreaterThan(0);
    expect(await stock()).toBe(10_000 - 1 - placed - 0);
    const account = (
      await t.database.db
        .select()
        .from(companyAccounts)
        .where(eq(companyAccounts.companyId, companyId))
    )[0]!;
    expect(account.creditLimitCents).toBe(100_000);
  });

  it('an order above the spending limit waits for an approver, who approves or declines it', async () => {
    const owner = cookies[0]!;
    expect(
      (await call(owner, 'PUT', '/api/company/spending-limits', { spendingLimit: 50 })).statusCode,
    ).toBe(200);
    const buyer = cookies[2]!;
    await fill(buyer, 1);
    const placed = await checkout(buyer, { poNumber: 'PO-APPROVE' });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().insertedId as string;
    expect(await order(buyer, id)).toMatchObject({
      approval: 'pending',
      paymentMethod: 'card',
      expiresAt: null,
    });
    const asked = mail.sent.find(
      (m) => m.subject.includes('awaits your approval') && m.to.includes('buyer0@'),
    );
    expect(asked?.text).toContain('purchase order PO-APPROVE');
    const pay = await call(buyer, 'POST', '/api/create-payment-intent', { orderId: id });
    expect([409, 503]).toContain(pay.statusCode);
    // A buyer does not approve; another company's order is not found.
    expect((await call(cookies[3]!, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(403);
    expect((await call(solo, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(404);
    const approved = await call(owner, 'POST', `/api/orders/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await order(buyer, id)).toMatchObject({ approval: 'approved' });
    expect((await call(owner, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(409);
    const decision = mail.sent.find((m) => m.subject.endsWith('was approved'));
    expect(decision).toMatchObject({ to: 'buyer2@terms.example' });
    expect(decision!.text).toContain('purchase order PO-APPROVE');

    const stockBefore = await stock();
    await fill(buyer, 2);
    const second = await checkout(buyer, { poNumber: 'PO-DECLINE' });
    expect(second.statusCode, second.body).toBe(200);
    const declined = await call(owner, 'POST', `/api/orders/${second.json().insertedId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    const stockAfter = await stock();
    expect(stockAfter).toBe(stockBefore);
  });

  it("charges the company's price list in the cart, the preview and the order", async () => {
    const db = t.database.db;
    const [list] = await db.insert(priceLists).values({ name: 'Terms Co prices' }).returning();
    await db.insert(priceListPrices).values({ priceListId: list!.id, partId, priceCents: 8_750 });
    await db
      .update(companyAccounts)
      .set({ priceListId: list!.id, poRequired: false })
      .where(eq(companyAccounts.companyId, companyId));
    const buyer = cookies[4]!;
    await fill(buyer, 2);
    const cart = (await call(buyer, 'GET', '/api/cart')).json();
    expect(cart.lines[0]).toMatchObject({ price: 87.5, basePrice: 100, total: 175 });
    // Someone without the company pays the list price.
    await fill(solo, 2);
    expect((await call(solo, 'GET', '/api/cart')).json().lines[0]).toMatchObject({ price: 100 });
    const preview = await call(buyer, 'POST', '/api/checkout/preview', {
      addressId: await addressOf(buyer),
    });
    expect(preview.json().subtotal).toBe(175);
    const placed = await checkout(buyer, { expectedTotal: preview.json().total });
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await order(buyer, placed.json().insertedId);
    expect(row).toMatchObject({ subtotal: 175, price: 87.5 });
    // Out of its dates, the list prices nothing: the list price again.
    await db
      .update(priceLists)
      .set({ validUntil: '2000-01-01', validFrom: null })
      .where(eq(priceLists.id, list!.id));
    await fill(buyer, 1);
    expect((await call(buyer, 'GET', '/api/cart')).json().lines[0]).toMatchObject({ price: 100 });
    const again = await checkout(buyer, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await order(buyer, again.json().insertedId)).toMatchObject({ subtotal: 100 });
  });

  it('records payments against an invoice on terms until it is paid, and reminds of an overdue one', async () => {
    const shop = (await signUp(t, { email: 'shop2@example.com', mails: mail.mails })).cookie;
    const admin = await shopAdmin();
    const buyer = cookies[5]!;
    await call(cookies[0]!, 'PUT', '/api/company/spending-limits', { spendingLimit: null });
    await t.database.db
      .update(companyAccounts)
      .set({ creditLimitCents: 10_000_000 })
      .where(eq(companyAccounts.companyId, companyId));
    await fill(buyer, 1);
    const placed = await checkout(buyer, { payment: 'invoice', poNumber: 'PO-PAY' });
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await order(buyer, placed.json().insertedId);
    const number = row.invoiceNumber!;
    const pay = (who: string, body: object, n = number) =>
      call(who, 'POST', `/api/admin/invoices/${n}/payments`, body);
    const today = new Date().toISOString().slice(0, 10);
    expect((await pay(shop, { amount: 1, paidAt: today, reference: 'x' })).statusCode).toBe(403);
    expect(
      (await pay(admin, { amount: 1, paidAt: today, reference: 'x' }, 'PS-1999-000001')).statusCode,
    ).toBe(404);
    expect((await pay(admin, { amount: 1, paidAt: '2026-02-30', reference: 'x' })).statusCode).toBe(
      400,
    );
    const tooMuch = await pay(admin, { amount: row.total + 1, paidAt: today, reference: 'x' });
    expect(tooMuch.statusCode).toBe(422);
    const part = await pay(admin, { amount: 40, paidAt: today, reference: 'Transfer 1' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      paid: false,
      owed: Math.round((row.total - 40) * 100) / 100,
    });
    expect((await order(buyer, row._id)).paid).toBe(false);

    // Overdue: its due date in the past; the sales overview counts it, and the company's owner
    // is reminded once, then after 7 days.
    const owed = Math.round((row.total - 40) * 100) / 100;
    const receivables = async () =>
      (await call(admin, 'GET', '/api/admin/sales?days=30')).json().receivables;
    const onTime = await receivables();
    expect(onTime).toMatchObject({ overdue: 0, overdueInvoices: 0 });
    expect(onTime.outstanding).toBeGreaterThanOrEqual(owed);
    await t.database.db.update(orders).set({ dueDate: '2020-01-01' }).where(eq(orders.id, row._id));
    expect(await receivables()).toEqual({ ...onTime, overdue: owed, overdueInvoices: 1 });
    const before = mail.sent.length;
    const now = new Date();
    expect(await t.app.overdueReminders.runOnce(now)).toBeGreaterThanOrEqual(1);
    const reminder = mail.sent.slice(before).find((m) => m.subject.includes(number));
    expect(reminder?.to).toContain('buyer0@terms.example');
    expect(reminder?.text).toContain('PO-PAY');
    expect(await t.app.overdueReminders.runOnce(new Date(now.getTime() + 86_400_000))).toBe(0);
    expect(
      await t.app.overdueReminders.runOnce(new Date(now.getTime() + 8 * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);

    const rest = await pay(admin, {
      amount: Math.round((row.total - 40) * 100) / 100,
      paidAt: today,
      reference: 'Transfer 2',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ paid: true, owed: 0 });
    expect(rest.json().payments).toHaveLength(2);
    expect(await order(buyer, row._id)).toMatchObject({ paid: true });
    expect(await receivables()).toEqual({
      outstanding: Math.round((onTime.outstanding - owed) * 100) / 100,
      overdue: 0,
      openInvoices: onTime.openInvoices - 1,
      overdueInvoices: 0,
    });
    expect((await pay(admin, { amount: 1, paidAt: today, reference: 'x' })).statusCode).toBe(409);
    const company = (await call(admin, 'GET', `/api/admin/companies/${companyId}`)).json();
    expect(company.recentOrders.find((o: { _id: string }) => o._id === row._id).paid).toBe(true);
    // Paid by transfers: it is not credited here (the money goes back the way it came).
    const paidBack = await call(admin, 'POST', `/api/orders/${row._id}/refund`, {
      reason: 'Returned goods',
    });
    expect(paidBack.statusCode).toBe(409);
  });

  it('cancels an unpaid order on terms by crediting its invoice: stock back, nothing owed', async () => {
    const admin = await shopAdmin();
    const buyer = cookies[6]!;
    const before = await stock();
    await fill(buyer, 3);
    const placed = await checkout(buyer, { payment: 'invoice', poNumber: 'PO-CANCEL' });
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await order(buyer, placed.json().insertedId);
    expect(await stock()).toBe(before - 3);
    const owedBefore = (await call(admin, 'GET', '/api/admin/sales?days=30')).json().receivables;

    // A buyer cannot; the shop's admin credits it.
    const refused = await call(buyer, 'POST', `/api/orders/${row._id}/refund`, {
      reason: 'Ordered twice',
    });
    expect(refused.statusCode).toBe(403);
    const credited = await call(admin, 'POST', `/api/orders/${row._id}/refund`, {
      reason: 'Ordered twice',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json()).toMatchObject({ modifiedCount: 1 });
    expect(
      (
        await call(admin, 'POST', `/api/orders/${row._id}/refund`, {
          reason: 'Ordered twice again',
        })
      ).json(),
    ).toMatchObject({ modifiedCount: 0 });
    const after = await order(buyer, row._id);
    expect(after).toMatchObject({ paid: false, creditNoteNumber: expect.stringMatching(/^CN-/) });
    expect(after.refundedAt).not.toBeNull();
    expect(await stock()).toBe(before);
    const owedAfter = (await call(admin, 'GET', '/api/admin/sales?days=30')).json().receivables;
    expect(owedAfter.openInvoices).toBe(owedBefore.openInvoices - 1);
    expect(owedAfter.outstanding).toBeCloseTo(owedBefore.outstanding - row.total, 2);
    // Its credit note says nothing was refunded to a card; the buyer is told.
    const pdf = await call(buyer, 'GET', `/api/orders/${row._id}/credit-note.pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credited on account');
    expect(text).toContain(row.invoiceNumber!);
    await t.app.orderMails.drain();
    const told = mail.sent.find((m) =>
      m.subject.includes(`invoice ${row.invoiceNumber} is credited`),
    );
    expect(told?.to).toBe('buyer6@terms.example');
    expect(told?.text).toContain('nothing is owed on it');
    // A payment against a credited invoice is refused.
    const late = await call(admin, 'POST', `/api/admin/invoices/${row.invoiceNumber}/payments`, {
      amount: 1,
      paidAt: new Date().toISOString().slice(0, 10),
      reference: 'late',
    });
    expect(late.statusCode).toBe(409);
  });
});
