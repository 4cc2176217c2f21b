import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyAccounts, orders } from '../src/db/schema/index.ts';
import { signUp } from './auth-helpers.ts';
import { pdfText } from './pdf-text.ts';
import { DB_KINDS } from './helpers.ts';
import { companyCheckoutSuite } from './company-checkout-helpers.ts';

/**
 * Issue 49: a company's invoices on payment terms: payments recorded against one until it is
 * paid, a reminder when it is overdue, an unpaid one cancelled by crediting it. Its checkouts
 * are company-checkout-terms.test.ts's.
 */
describe.each(DB_KINDS)("a company's checkouts on %s", (kind) => {
  const { opened, mail, cookies, call, fill, checkout, stock, shopAdmin, order } =
    companyCheckoutSuite(kind);
  // The terms the checkouts' suite gives the company (net 30, $1,000 of credit; no PO number
  // required, as it leaves them), given by shop@example.com, the shop's admin.
  beforeAll(async () => {
    const { t, companyId } = opened();
    const admin = (await signUp(t, { email: 'shop@example.com', mails: mail.mails })).cookie;
    const terms = { paymentTerms: 'net30', creditLimit: 1000, poRequired: false };
    const put = await call(admin, 'PUT', `/api/admin/companies/${companyId}`, terms);
    expect(put.statusCode, put.body).toBe(200);
  });

  it('records payments against an invoice on terms until it is paid, and reminds of an overdue one', async () => {
    const { t, companyId } = opened();
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
    expect(reminder?.html).toContain('>Open the invoice</a>');
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
    const { t } = opened();
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
