import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { ADDRESS, PHONE, YEAR } from './cart-helpers.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';

// A checked-out cart once paid: its invoice, numbered (one number each, even 50 at once), and the
// receipt mailed with it. The figures on the invoice are order-invoice-figures.test.ts's.
describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  const { shop, order, fillCart, pay, settleMails, mailsTo, checkout } = paidOrderSuite(kind);

  it('pays a checkout for its total, numbers its invoice and mails the receipt with the PDF', async () => {
    const { t, alice, bob, owner } = shop();
    await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    const { amount, transactionId } = await pay(id);
    // Shipped to Texas by the cheapest method, shipping taxed (cart-checkout.test.ts).
    expect(amount).toBe(469.03);
    const paid = await order(id);
    expect(paid.invoiceNumber).toMatch(new RegExp(`^PS-${YEAR}-\\d{6}$`));
    expect(paid.paidAt).not.toBeNull();

    const pdf = await t.app.inject({
      url: `/api/orders/${id}/invoice.pdf`,
      headers: { cookie: alice.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const fact of [
      paid.invoiceNumber!,
      'Cart AM5 board',
      'Subtotal $423.38',
      'Shipping (Standard) $9.90',
      'Texas sales tax (8.25%) $35.75',
      'Total (USD) $469.03',
      transactionId,
    ])
      expect(text).toContain(fact);
    // Nobody else reads it; an unpaid order has none; the admin does.
    const others = await t.app.inject({
      url: `/api/orders/${id}/invoice.pdf`,
      headers: { cookie: bob.cookie },
    });
    expect(others.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/orders/${id}/invoice.pdf`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/orders/${id}/credit-note.pdf`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(404);

    await settleMails();
    const [receipt] = mailsTo('alice@example.com', /^Receipt/).filter((m) =>
      m.subject.includes(paid.invoiceNumber!),
    );
    expect(receipt?.attachments?.[0]).toMatchObject({
      filename: `${paid.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(receipt!.attachments![0]!.content)).toContain('Total (USD) $469.03');
  });

  it('50 payments at once get 50 distinct consecutive invoice numbers, each PDF with its own total', async () => {
    const { t, bob } = shop();
    const part = await insertPart(t.database.db, {
      name: 'Invoice Fan',
      priceCents: 1_000,
      availableQuantity: 10_000,
      minOrderQuantity: 1,
    });
    const ids: string[] = [];
    for (let i = 1; i <= 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie: bob.cookie },
        payload: { partId: part.id, quantity: i, address: ADDRESS, phone: PHONE },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().insertedId);
      // Bob's unpaid orders are not limited in these tests (NO_LIMITS).
    }
    const payments = await Promise.all(ids.map((id) => pay(id, bob.cookie)));
    const numbers = await Promise.all(
      ids.map(async (id) => (await order(id, bob.cookie)).invoiceNumber!),
    );
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence[49]! - sequence[0]!).toBe(49);
    const counted = (await t.database.db.execute(
      sql`select max(last) as last from document_counters where series = 'PS'`,
    )) as unknown as { rows: { last: number }[] };
    expect(Number(counted.rows[0]!.last)).toBe(sequence[49]);
    for (const [i, id] of ids.entries()) {
      const pdf = await t.app.inject({
        url: `/api/orders/${id}/invoice.pdf`,
        headers: { cookie: bob.cookie },
      });
      const total = `$${(10 * (i + 1)).toFixed(2)}`;
      expect(payments[i]!.amount).toBe(10 * (i + 1));
      expect(await pdfText(pdf.rawPayload)).toContain(total);
    }
  });
});
