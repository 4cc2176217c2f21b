import { describe, expect, it } from 'vitest';
import { SELLER } from '@partsmith/contract/seller';
import { trackingUrl } from '@partsmith/contract/tracking';
import {
  renderOrderMail,
  type MailOrder,
  type OrderMailInput,
  type OrderMailKind,
} from './order-mails.ts';

const publicUrl = 'http://localhost:3000';
const order: MailOrder = {
  id: '0195f3c2-7a1b-7c3d-9e4f-123456789abc',
  number: 'PS-O-000042',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  address: '1 Main Street, Springfield',
  phone: '+1 555 0100',
  lines: [
    { sku: 'TW-PRO-1', name: 'Torque Wrench Pro', quantity: 2, unitPriceCents: 4_999 },
    // A line older than part numbers has none.
    { sku: null, name: 'Server PSU 1200 W', quantity: 1, unitPriceCents: 113_458 },
  ],
  totalCents: 2 * 4_999 + 113_458,
  createdAt: new Date('2026-03-05T10:00:00Z'),
};
const orderUrl = `${publicUrl}/dashboard/orders/${order.id}`;
/** A checkout shipped to an address book entry, with a shipping method and two tax rates. */
const subtotalCents = 2 * 4_999 + 113_458;
const taxed: MailOrder = {
  ...order,
  shipTo: [
    'Ada Lovelace',
    'Analytical Engines Ltd',
    '500 Congress Ave',
    'Austin, TX 78701',
    'United States',
  ],
  phone: '+1 512 555 0100',
  money: {
    subtotalCents,
    shippingMethod: { name: 'UPS Ground', minDays: 3, maxDays: 5 },
    shippingCents: 1_250,
    taxes: [
      { name: 'Texas state sales tax', rate: 6.25, amountCents: 7_716 },
      { name: 'Austin city sales tax', rate: 2, amountCents: 2_469 },
    ],
    taxCents: 10_185,
    totalCents: subtotalCents + 1_250 + 10_185,
  },
  totalCents: subtotalCents + 1_250 + 10_185,
  buyerTaxId: 'US-EIN 98-7654321',
};
const pdf = {
  filename: 'invoice-PS-2026-000001.pdf',
  content: Buffer.from('%PDF-1.7'),
  contentType: 'application/pdf',
};

const render = (kind: OrderMailKind, extra: Partial<OrderMailInput> = {}) =>
  renderOrderMail({ kind, order, publicUrl, ...extra });

/** Both parts hold each of the facts. */
const expectBoth = (mail: { html?: string; text: string }, facts: string[]) => {
  for (const fact of facts) {
    expect(mail.text, `text part: ${fact}`).toContain(fact);
    expect(mail.html, `html part: ${fact}`).toContain(fact);
  }
};

describe('order mails', () => {
  it('placed: thanks, the lines, total, ship-to, phone, a pay button and the order link', async () => {
    const mail = await render('placed');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe(
      'Your Partsmith order PS-O-000042: Torque Wrench Pro and 1 more, $1,234.56',
    );
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expectBoth(mail, [
      'Thank you for your order',
      'Ada Lovelace',
      'Torque Wrench Pro',
      'Part no. TW-PRO-1 · $49.99 each',
      '$99.98',
      'Server PSU 1200 W',
      '$1,134.58',
      '$1,234.56',
      '1 Main Street, Springfield',
      '+1 555 0100',
      'Pay now',
      `${publicUrl}/dashboard/payment/${order.id}`,
      orderUrl,
      'PS-O-000042',
      `Reference ${order.id}`,
    ]);
    // The line without a part number says its price alone.
    expect(mail.text).toMatch(/^\$1,134\.58 each/m);
    // The text part is text: no markup, the lines as columns.
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toMatch(/^Torque Wrench Pro +2 +\$99\.98$/m);
    expect(mail.text).toMatch(/^Total +\$1,234\.56$/m);
    // An order without shipping or tax (the purchase page's, an older one): no shipping row.
    expect(mail.text).toMatch(/^Subtotal +\$1,234\.56\nTotal +\$1,234\.56$/m);
    expect(mail.text).not.toMatch(/Shipping|sales tax/);
    expect(mail.attachments).toBeUndefined();
    // Signed by the seller: name, address, phone, e-mail and tax ID.
    expectBoth(mail, [
      SELLER.name,
      '1200 Industrial Pkwy, Austin, TX 78758, United States',
      SELLER.phone,
      SELLER.email,
      `Tax ID: ${SELLER.taxId}`,
    ]);
  });

  it.each([
    ['placed', 'Total'],
    ['receipt', 'Total paid'],
    ['shipped', 'Total'],
    ['refunded', 'Total refunded'],
  ] as const)(
    '%s: the subtotal, the shipping with its method and days, each tax rate, the total and where it ships',
    async (kind, totalLabel) => {
      const mail = await renderOrderMail({ kind, publicUrl, order: taxed });
      // The sums under the lines, one row each, in the text part as columns.
      const rows = [
        /^Subtotal +\$1,234\.56$/m,
        /^Shipping \(UPS Ground, 3–5 business days\) +\$12\.50$/m,
        /^Texas state sales tax \(6\.25%\) +\$77\.16$/m,
        /^Austin city sales tax \(2%\) +\$24\.69$/m,
        new RegExp(`^${totalLabel} +\\$1,348\\.91$`, 'm'),
      ];
      for (const row of rows) expect(mail.text).toMatch(row);
      const at = rows.map((row) => mail.text.search(row));
      expect(at).toEqual(at.toSorted((a, b) => a - b));
      expectBoth(mail, [
        'Subtotal',
        'Shipping (UPS Ground, 3–5 business days)',
        '$12.50',
        'Texas state sales tax (6.25%)',
        '$77.16',
        'Austin city sales tax (2%)',
        '$24.69',
        '$1,348.91',
        // Where it ships: the address book entry line by line, its phone, the buyer's tax ID.
        'Analytical Engines Ltd',
        '500 Congress Ave',
        'Austin, TX 78701',
        '+1 512 555 0100',
        'US-EIN 98-7654321',
      ]);
      expect(mail.text).toMatch(
        /^Ship to\nAda Lovelace\nAnalytical Engines Ltd\n500 Congress Ave\n/m,
      );
      expect(mail.text).not.toContain('1 Main Street');
    },
  );

  it('a tax-exempt order names its certificate and has no tax row; a free method shows $0.00', async () => {
    const mail = await renderOrderMail({
      kind: 'placed',
      publicUrl,
      order: {
        ...taxed,
        buyerTaxId: null,
        taxExemption: 'TX-RESALE-0042',
        money: {
          ...taxed.money!,
          shippingMethod: { name: 'Free Ground', minDays: 1, maxDays: 1 },
          shippingCents: 0,
          taxes: [],
          taxCents: 0,
          totalCents: subtotalCents,
        },
        totalCents: subtotalCents,
      },
    });
    expect(mail.subject).toContain('$1,234.56');
    expect(mail.text).toMatch(/^Shipping \(Free Ground, 1 business day\) +\$0\.00$/m);
    expect(mail.text).not.toMatch(/sales tax/);
    expectBoth(mail, ['Tax exempt', 'Certificate TX-RESALE-0042']);
  });

  it('a one-line order names its quantity and part', async () => {
    const mail = await renderOrderMail({
      kind: 'placed',
      publicUrl,
      order: {
        ...order,
        lines: [{ name: 'Fan', quantity: 1, unitPriceCents: 4_999 }],
        totalCents: 4_999,
      },
    });
    expect(mail.subject).toBe('Your Partsmith order PS-O-000042: 1 x Fan, $49.99');
  });

  it('receipt: payment received, invoice number, payment reference, the PDF attached', async () => {
    const mail = await render('receipt', {
      invoiceNumber: 'PS-2026-000001',
      paymentReference: 'pi_3PaymentRef123',
      attachments: [pdf],
    });
    expect(mail.subject).toBe(
      'Receipt for your Partsmith order PS-O-000042 — invoice PS-2026-000001',
    );
    expectBoth(mail, [
      'Payment received',
      'PS-O-000042',
      'Part no. TW-PRO-1',
      'PS-2026-000001',
      'pi_3PaymentRef123',
      'Torque Wrench Pro',
      '$1,234.56',
      'is attached (PDF)',
      orderUrl,
    ]);
    expect(mail.attachments).toEqual([pdf]);
  });

  it('shipped: carrier, tracking number and link, lines and ship-to', async () => {
    const url = trackingUrl('UPS', '1Z999AA10123456784');
    const mail = await render('shipped', {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: url,
    });
    expect(mail.subject).toBe('Your Partsmith order PS-O-000042 has shipped');
    expectBoth(mail, [
      'PS-O-000042',
      'UPS',
      '1Z999AA10123456784',
      'Track your parcel',
      url!,
      'Server PSU 1200 W',
      '1 Main Street, Springfield',
    ]);
  });

  it('shipped without a carrier or number says so in a sentence, with no tracking link', async () => {
    const mail = await render('shipped', {
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expectBoth(mail, ['It is on its way to the address below.', '1 Main Street, Springfield']);
    expect(mail.text).not.toContain('Track your parcel');
    expect(mail.html).not.toContain('Tracking number');
  });

  it('refunded: the amount, the credit note (attached) and the reason', async () => {
    const mail = await render('refunded', {
      creditNoteNumber: 'CN-2026-000001',
      reason: 'Returned unopened',
      attachments: [{ ...pdf, filename: 'credit-note-CN-2026-000001.pdf' }],
    });
    expect(mail.subject).toBe('Your Partsmith order PS-O-000042 was refunded');
    expectBoth(mail, [
      'PS-O-000042',
      'We refunded $1,234.56',
      'CN-2026-000001 (attached, PDF)',
      'Returned unopened',
    ]);
    expect(mail.attachments?.[0]?.filename).toBe('credit-note-CN-2026-000001.pdf');
  });

  it('expired: not paid in time, stock released, a link to the shop', async () => {
    const mail = await render('expired');
    expect(mail.subject).toBe('Your unpaid Partsmith order PS-O-000042 expired');
    expectBoth(mail, [
      'PS-O-000042',
      'not paid in time',
      'released',
      'Nothing was charged',
      'Torque Wrench Pro',
    ]);
    expect(mail.html).toContain(`href="${publicUrl}/"`);
    expect(mail.text).toContain(`Visit the shop ${publicUrl}/`);
  });

  it('escapes what customers typed in the HTML part', async () => {
    const mail = await renderOrderMail({
      kind: 'placed',
      publicUrl,
      order: {
        ...order,
        userName: 'Eve <img src=x onerror=alert(2)>',
        address: '1 "Main" Street & <b>Sons</b>',
        lines: [{ name: '<script>alert(1)</script>', quantity: 1, unitPriceCents: 100 }],
        totalCents: 100,
      },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('Eve &lt;img src=x onerror=alert(2)&gt;');
    expect(mail.html).not.toContain('<b>Sons</b>');
    // The text part carries the name as typed (it is not HTML).
    expect(mail.text).toContain('<script>alert(1)</script>');
  });
});
