import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderList } from '@partsmith/contract';
import { companyAccounts, priceListPrices, priceLists } from '../src/db/schema/index.ts';
import { signUp } from './auth-helpers.ts';
import { pdfText } from './pdf-text.ts';
import { DB_KINDS } from './helpers.ts';
import { companyCheckoutSuite } from './company-checkout-helpers.ts';

/**
 * Issue 49: a company's checkouts: the PO number its terms ask for, pay by invoice on payment
 * terms (invoiced at once, due after its terms) within the credit limit, even under 20 checkouts
 * at once by its buyers; an approver for orders above a buyer's spending limit, and the
 * company's price list. Its invoices once placed are company-invoices-on-terms.test.ts's.
 */
describe.each(DB_KINDS)("a company's checkouts on %s", (kind) => {
  const { opened, mail, cookies, call, fill, checkout, stock, order, addressOf } =
    companyCheckoutSuite(kind);

  it('a buyer without a company cannot pay by invoice; a company without terms neither', async () => {
    const { solo } = opened();
    await fill(solo, 1);
    const refused = await checkout(solo, { payment: 'invoice' });
    expect(refused.statusCode).toBe(422);
    await fill(cookies[1]!, 1);
    const noTerms = await checkout(cookies[1]!, { payment: 'invoice' });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().message).toContain('no payment terms');
  });

  it('asks for a PO number where the terms say so, and keeps it on the order', async () => {
    const { t, companyId } = opened();
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
    const { t, companyId } = opened();
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
    const { solo } = opened();
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
    expect(asked?.html).toContain(`>Approve or decline</a>`);
    const pay = await call(buyer, 'POST', '/api/create-payment-intent', { orderId: id });
    expect([409, 503]).toContain(pay.statusCode);
    // The company's owner finds it among the orders waiting for approval; a buyer may not list
    // them, nor may a customer in no company.
    const waiting = await call(owner, 'GET', '/api/company/approvals');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers['cache-control']).toBe('private, no-store');
    expect(OrderList.parse(waiting.json()).map((o) => [o._id, o.approval, o.poNumber])).toEqual([
      [id, 'pending', 'PO-APPROVE'],
    ]);
    for (const who of [cookies[3]!, solo]) {
      const refused = await call(who, 'GET', '/api/company/approvals');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Only your company’s owner, admins and approvers see the orders waiting for approval.',
      );
    }
    // A buyer does not approve; another company's order is not found.
    expect((await call(cookies[3]!, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(403);
    expect((await call(solo, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(404);
    const approved = await call(owner, 'POST', `/api/orders/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await order(buyer, id)).toMatchObject({ approval: 'approved' });
    expect((await call(owner, 'POST', `/api/orders/${id}/approve`)).statusCode).toBe(409);
    // Decided, it waits no more.
    expect((await call(owner, 'GET', '/api/company/approvals')).json()).toEqual([]);
    const decision = mail.sent.find((m) => m.subject.endsWith('was approved'));
    expect(decision).toMatchObject({ to: 'buyer2@terms.example' });
    expect(decision!.text).toContain('purchase order PO-APPROVE');
    // Approved, a card order is paid next: the mail's button says so.
    expect(decision!.html).toContain('>Pay the order</a>');

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
    const { t, solo, companyId, partId } = opened();
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
});
