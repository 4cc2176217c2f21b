import { describe, expect, it } from 'vitest';
import { SELLER } from '@partsmith/contract/seller';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { ADDRESS, PHONE } from './cart-helpers.ts';
import { insertOrders } from './order-rows.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';

// The figures of a paid order's documents: its invoice, receipt, credit note and refund mail
// show the same shipping and taxes (an exemption, an export, none at all) as it charged.
describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  const { shop, order, pay, settleMails, mailsTo } = paidOrderSuite(kind);

  /** The text of an order's invoice as its buyer (alice) downloads it. */
  async function invoiceText(id: string) {
    const { t, alice } = shop();
    const res = await t.app.inject({
      url: `/api/orders/${id}/invoice.pdf`,
      headers: { cookie: alice.cookie },
    });
    return pdfText(res.rawPayload);
  }

  /**
   * An order of two parts as a checkout to an address book entry places it (written straight
   * into the database): UPS Ground, two sales tax rates, the buyer's tax ID or exemption.
   */
  async function shippedAndTaxedOrder(
    buyer: { taxId?: string; exemption?: string; abroad?: boolean } = {},
  ) {
    const { t, alice } = shop();
    const db = t.database.db;
    const [wrench, paste] = await Promise.all([
      insertPart(db, { name: 'Money Torque Wrench', priceCents: 4_999, availableQuantity: 20 }),
      insertPart(db, { name: 'Money Thermal Paste', priceCents: 799, availableQuantity: 20 }),
    ]);
    const subtotalCents = 2 * 4_999 + 3 * 799; // $123.95
    const taxes =
      buyer.exemption || buyer.abroad
        ? []
        : [
            { name: 'Texas state sales tax', rate: 6.25, amountCents: 775 },
            { name: 'Austin city sales tax', rate: 2, amountCents: 248 },
          ];
    const [row] = await insertOrders(db, {
      userId: alice.user.id,
      partId: wrench!.id,
      name: `${wrench!.name} and 1 more`,
      image: wrench!.image,
      description: wrench!.description,
      unitPriceCents: 4_999,
      quantity: 5,
      lines: [
        {
          partId: wrench!.id,
          sku: wrench!.sku,
          name: wrench!.name,
          unitPriceCents: 4_999,
          quantity: 2,
        },
        { partId: paste!.id, sku: paste!.sku, name: paste!.name, unitPriceCents: 799, quantity: 3 },
      ],
      shippingCents: 1_250,
      shippingMethodId: '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f',
      shippingMethodName: 'UPS Ground',
      shippingMinDays: 3,
      shippingMaxDays: 5,
      taxCents: taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
      taxes,
      shipTo: {
        name: 'Alice Receiver',
        company: 'Analytical Engines Ltd',
        line1: '500 Congress Ave',
        line2: 'Suite 200',
        city: buyer.abroad ? 'Berlin' : 'Austin',
        region: buyer.abroad ? null : 'TX',
        postalCode: buyer.abroad ? '10178' : '78701',
        country: buyer.abroad ? 'DE' : 'US',
        phone: '+15125550100',
        taxId: buyer.taxId ?? null,
      },
      buyerTaxId: buyer.taxId ?? null,
      taxExemption: buyer.exemption ?? null,
      userEmail: 'alice@example.com',
      userName: 'Alice Buyer',
      address:
        'Alice Receiver\nAnalytical Engines Ltd\n500 Congress Ave\nSuite 200\nAustin, TX 78701\nUnited States',
      phone: '+15125550100',
      stockAfter: 18,
    });
    return { id: row!.id, subtotalCents, wrench: wrench!, paste: paste! };
  }

  /** The rows from Subtotal to the total as printed: [label, cents]. */
  const sums = (text: string) =>
    [...text.matchAll(/^(.+?) \$([\d,]+\.\d\d)$/gm)]
      .filter(([, label]) => /^(Subtotal|Shipping|.* \(\d+(\.\d+)?%\)|Total)/.test(label!))
      .map(([, label, amount]) => [label, Math.round(Number(amount!.replace(/,/g, '')) * 100)]);
  const FIGURES = [
    ['Subtotal', 12_395],
    ['Shipping (UPS Ground)', 1_250],
    ['Texas state sales tax (6.25%)', 775],
    ['Austin city sales tax (2%)', 248],
  ];

  it('an order with shipping and tax: paid for its total; its invoice, receipt, credit note and refund mail show the same figures', async () => {
    const { t, alice, owner } = shop();
    const { id, wrench } = await shippedAndTaxedOrder({ taxId: 'US-EIN 98-7654321' });
    const { amount } = await pay(id);
    // The card pays the lines, the shipping and the taxes: $123.95 + $12.50 + $7.75 + $2.48.
    expect(amount).toBe(146.68);
    const paid = await order(id);
    expect(paid).toMatchObject({ subtotal: 123.95, shipping: 12.5, total: 146.68 });

    const invoice = await invoiceText(id);
    expect(sums(invoice)).toEqual([...FIGURES, ['Total (USD)', 14_668]]);
    // The seller, one identity with the site's pages.
    for (const fact of [
      SELLER.name,
      SELLER.street,
      'Austin, TX 78758',
      `Tax ID: ${SELLER.taxId}`,
      SELLER.phone,
    ])
      expect(invoice).toContain(fact);
    // Each line with its part number; where it ships; the buyer's tax ID.
    expect(invoice).toContain(`Money Torque Wrench 2 $49.99 $99.98\nPart no. ${wrench.sku}`);
    for (const fact of [
      'Alice Receiver',
      'Analytical Engines Ltd',
      '500 Congress Ave',
      'Suite 200',
      'Austin, TX 78701',
      '+1 512 555 0100',
      'Tax ID: US-EIN 98-7654321',
    ])
      expect(invoice).toContain(fact);
    expect(invoice).not.toContain('Export');

    await settleMails();
    const [receipt] = mailsTo('alice@example.com', /^Receipt/).filter((m) =>
      m.subject.includes(paid.invoiceNumber!),
    );
    for (const row of [
      /^Subtotal +\$123\.95$/m,
      /^Shipping \(UPS Ground, 3–5 business days\) +\$12\.50$/m,
      /^Texas state sales tax \(6\.25%\) +\$7\.75$/m,
      /^Austin city sales tax \(2%\) +\$2\.48$/m,
      /^Total paid +\$146\.68$/m,
    ])
      expect(receipt!.text).toMatch(row);
    expect(receipt!.text).toMatch(/^Ship to\nAlice Receiver\nAnalytical Engines Ltd\n/m);
    // The attached invoice is the downloaded one's figures, and the seller's e-mail on it.
    const attached = await pdfText(receipt!.attachments![0]!.content);
    expect(sums(attached)).toEqual(sums(invoice));
    expect(attached).toContain(SELLER.email);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refund`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Ordered twice' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await order(id);
    const note = await pdfText(
      (
        await t.app.inject({
          url: `/api/orders/${id}/credit-note.pdf`,
          headers: { cookie: alice.cookie },
        })
      ).rawPayload,
    );
    // The credit note gives back everything the invoice charged, shipping and tax included.
    expect(sums(note)).toEqual([...FIGURES, ['Total credited (USD)', 14_668]]);
    expect(note).toContain(`Reverses invoice ${refunded.invoiceNumber}`);
    await settleMails();
    const [refundMail] = mailsTo('alice@example.com', /refunded/).filter((m) =>
      m.text.includes(id),
    );
    expect(refundMail!.text).toContain('We refunded $146.68');
    expect(refundMail!.text).toMatch(/^Total refunded +\$146\.68$/m);
    expect(sums(await pdfText(refundMail!.attachments![0]!.content))).toEqual(sums(note));
  });

  it('a tax-exempt order: its invoice names the certificate and charges no tax', async () => {
    const { id, subtotalCents } = await shippedAndTaxedOrder({ exemption: 'TX-RESALE-0042' });
    const { amount } = await pay(id);
    expect(amount).toBe((subtotalCents + 1_250) / 100);
    const text = await invoiceText(id);
    expect(text).toContain('Tax exempt: TX-RESALE-0042');
    expect(sums(text)).toEqual([
      ['Subtotal', 12_395],
      ['Shipping (UPS Ground)', 1_250],
      ['Total (USD)', 13_645],
    ]);
  });

  it('an order shipped abroad: no sales tax, the buyer’s VAT number, duties paid on import', async () => {
    const { id } = await shippedAndTaxedOrder({ abroad: true, taxId: 'DE136695976' });
    await pay(id);
    const text = await invoiceText(id);
    expect(text).toContain('Tax ID: DE136695976');
    expect(text).toContain('Berlin, 10178');
    expect(text).toMatch(/^Germany$/m);
    expect(text.replace(/\n/g, ' ')).toContain('Export to Germany: import duties and taxes');
    expect(sums(text)).toEqual([
      ['Subtotal', 12_395],
      ['Shipping (UPS Ground)', 1_250],
      ['Total (USD)', 13_645],
    ]);
  });

  it('a purchase page order (no shipping method, no tax) reads as its lines and total', async () => {
    const { t, alice } = shop();
    const part = await insertPart(t.database.db, {
      name: 'Money Plain Fan',
      priceCents: 1_500,
      availableQuantity: 10,
      minOrderQuantity: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: alice.cookie },
      payload: { partId: part.id, quantity: 2, address: ADDRESS, phone: PHONE },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId as string;
    await pay(id);
    const text = await invoiceText(id);
    expect(sums(text)).toEqual([
      ['Subtotal', 3_000],
      ['Total (USD)', 3_000],
    ]);
    expect(text).not.toMatch(/Shipping|sales tax|Tax exempt/);
    expect(text).toContain(ADDRESS);
  });
});
