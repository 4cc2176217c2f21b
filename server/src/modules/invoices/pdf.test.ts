import { describe, expect, it } from 'vitest';
import { sellerParty } from '@partsmith/contract/seller';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';
import { formatUsd } from '../../lib/money.ts';
import type { OrderMoney } from '../../lib/order-money.ts';
import { winAnsiText } from './pdf-layout.ts';
import { renderInvoicePdf, type InvoiceDocument } from './pdf.ts';

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: 'PS-2026-000001',
  issuedAt: new Date('2026-03-05T10:00:00Z'),
  seller: { ...sellerParty(), url: 'https://partsmith.example' },
  buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  shippingAddress: '1 Main Street, Springfield',
  phone: '+1 555 0100',
  orderId: '0195f3c2-7a1b-7c3d-9e4f-123456789abc',
  lines: [
    { name: 'Torque Wrench Pro', quantity: 2, unitPriceCents: 4_999 },
    { name: 'Thermal Paste 4 g', quantity: 10, unitPriceCents: 799 },
    { name: 'Server PSU 1200 W', quantity: 3, unitPriceCents: 35_000 },
  ],
  totalCents: 2 * 4_999 + 10 * 799 + 3 * 35_000,
  paymentReference: 'pi_3PaymentRef123',
  ...overrides,
});

describe('invoice PDF', () => {
  it('formats amounts as dollars with thousands separators', () => {
    expect(formatUsd(123_456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
  });

  it('reads back the number, buyer, each line, the total and the payment reference', async () => {
    const doc = invoice();
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Invoice');
    // The seller: its name, address, tax ID and how to reach it.
    expect(text).toMatch(/^Partsmith Inc\. Invoice$/m);
    expect(text).toContain('1200 Industrial Pkwy');
    expect(text).toContain('Austin, TX 78758');
    expect(text).toContain('Tax ID: EIN 12-3456789');
    expect(text).toContain('+1 (512) 555-0147');
    expect(text).toContain('sales@partsmith.example');
    expect(text).toContain('PS-2026-000001');
    expect(text).toContain('March 5, 2026');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('ada@example.com');
    expect(text).toContain('1 Main Street, Springfield');
    expect(text).toContain('+1 555 0100');
    expect(text).toContain(doc.orderId);
    expect(text).toContain('Torque Wrench Pro 2 $49.99 $99.98');
    expect(text).toContain('Thermal Paste 4 g 10 $7.99 $79.90');
    expect(text).toContain('Server PSU 1200 W 3 $350.00 $1,050.00');
    expect(text).toContain('Total (USD) $1,229.88');
    // An order without shipping or tax (older, or of the purchase page): no shipping row.
    expect(text).toContain(
      'Server PSU 1200 W 3 $350.00 $1,050.00\nSubtotal $1,229.88\nTotal (USD) $1,229.88',
    );
    expect(text).not.toMatch(/Shipping|sales tax|Tax exempt/i);
    expect(text).toContain('pi_3PaymentRef123');
    expect(text).toContain('Page 1 of 1');
    expect(await pdfPageCount(pdf)).toBe(1);
  });

  it('flows 60 lines onto more pages, with every line and the total', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      name: `Line item number ${i + 1}`,
      quantity: (i % 4) + 1,
      unitPriceCents: 1_000 + i * 37,
    }));
    const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    const pdf = await renderInvoicePdf(invoice({ lines, totalCents }));
    expect(await pdfPageCount(pdf)).toBeGreaterThanOrEqual(2);
    const text = await pdfText(pdf);
    for (const line of lines) expect(text).toMatch(new RegExp(`^${line.name} \\d`, 'm'));
    expect(text).toContain(`Total (USD) ${formatUsd(totalCents)}`);
    // The table's head is drawn again on the next page.
    const pages = text.split('\f');
    expect(pages[1]).toContain('Description Qty Unit price Amount');
    expect(text).toContain(`Page 2 of ${pages.length}`);
  });

  it("names the order by its number and each line's part number under its name", async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        orderNumber: 'PS-O-000042',
        lines: [
          { sku: 'TW-PRO-1', name: 'Torque Wrench Pro', quantity: 2, unitPriceCents: 4_999 },
          // A line older than part numbers has none.
          { sku: null, name: 'Thermal Paste 4 g', quantity: 1, unitPriceCents: 799 },
        ],
        totalCents: 2 * 4_999 + 799,
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toMatch(/^Order PS-O-000042$/m);
    expect(text).not.toContain('0195f3c2-7a1b-7c3d-9e4f-123456789abc');
    expect(text).toContain('Torque Wrench Pro 2 $49.99 $99.98\nPart no. TW-PRO-1\n');
    expect(text).toContain(
      'Thermal Paste 4 g 1 $7.99 $7.99\nSubtotal $107.97\nTotal (USD) $107.97',
    );
  });

  describe('an order with shipping and sales tax', () => {
    const lines = [
      { sku: 'TW-PRO-1', name: 'Torque Wrench Pro', quantity: 2, unitPriceCents: 4_999 },
      { sku: 'TP-4G', name: 'Thermal Paste 4 g', quantity: 3, unitPriceCents: 799 },
    ];
    const subtotalCents = 2 * 4_999 + 3 * 799;
    // Two rates on one destination (a state's and a city's), each rounded on its own.
    const taxes = [
      {
        name: 'Texas state sales tax',
        rate: 6.25,
        amountCents: Math.round(subtotalCents * 0.0625),
      },
      { name: 'Austin city sales tax', rate: 2, amountCents: Math.round(subtotalCents * 0.02) },
    ];
    const taxCents = taxes[0]!.amountCents + taxes[1]!.amountCents;
    const money: OrderMoney = {
      subtotalCents,
      shippingMethod: { name: 'UPS Ground', minDays: 3, maxDays: 5 },
      shippingCents: 1_250,
      taxes,
      taxCents,
      totalCents: subtotalCents + 1_250 + taxCents,
    };
    const shipped = invoice({
      orderNumber: 'PS-O-000042',
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com', taxId: 'DE123456789' },
      shipTo: [
        'Ada Lovelace',
        'Analytical Engines Ltd',
        '500 Congress Ave',
        'Suite 200',
        'Austin, TX 78701',
        'United States',
      ],
      lines,
      money,
      totalCents: money.totalCents,
    });
    /** The amounts of the rows from Subtotal to the total, as printed. */
    const sums = (text: string) =>
      [...text.matchAll(/^(.+) \$([\d,]+\.\d\d)$/gm)]
        .filter(([, label]) => /^(Subtotal|Shipping|.* \(\d+(\.\d+)?%\)|Total)/.test(label!))
        .map(([, label, amount]) => [label, Math.round(Number(amount!.replace(/,/g, '')) * 100)]);

    it('prints each line with its part number, then Subtotal, Shipping (method), a row per tax rate and a Total that adds up', async () => {
      const text = await pdfText(await renderInvoicePdf(shipped));
      expect(text).toContain('Torque Wrench Pro 2 $49.99 $99.98\nPart no. TW-PRO-1\n');
      expect(text).toContain('Thermal Paste 4 g 3 $7.99 $23.97\nPart no. TP-4G\n');
      expect(sums(text)).toEqual([
        ['Subtotal', 12_395],
        ['Shipping (UPS Ground)', 1_250],
        ['Texas state sales tax (6.25%)', 775],
        ['Austin city sales tax (2%)', 248],
        ['Total (USD)', 14_668],
      ]);
      const [, ...parts] = sums(text).slice(0, -1);
      expect(12_395 + parts.reduce((sum, [, cents]) => sum + (cents as number), 0)).toBe(14_668);
      // Where it ships: the address book's entry, line by line; the buyer's tax ID under Bill to.
      for (const line of ['Analytical Engines Ltd', '500 Congress Ave', 'Suite 200'])
        expect(text).toMatch(new RegExp(`${line}$`, 'm'));
      expect(text).toContain('Austin, TX 78701');
      expect(text).toMatch(/^ada@example\.com /m);
      expect(text).toContain('Tax ID: DE123456789');
      expect(text).not.toContain('Tax exempt');
    });

    it('a credit note mirrors the invoice it reverses: the same rows, shipping and tax included', async () => {
      const text = await pdfText(
        await renderInvoicePdf({
          ...shipped,
          kind: 'credit-note',
          number: 'CN-2026-000001',
          refersTo: 'PS-2026-000001',
          reason: 'Returned unopened',
        }),
      );
      expect(sums(text)).toEqual([
        ['Subtotal', 12_395],
        ['Shipping (UPS Ground)', 1_250],
        ['Texas state sales tax (6.25%)', 775],
        ['Austin city sales tax (2%)', 248],
        ['Total credited (USD)', 14_668],
      ]);
      expect(text).toContain('Reverses invoice PS-2026-000001');
    });

    it('a tax-exempt buyer: "Tax exempt" with the certificate, shipping and no tax row', async () => {
      const exempt: OrderMoney = {
        ...money,
        shippingMethod: { name: 'Free Ground', minDays: 3, maxDays: 7 },
        shippingCents: 0,
        taxes: [],
        taxCents: 0,
        totalCents: subtotalCents,
      };
      const text = await pdfText(
        await renderInvoicePdf({
          ...shipped,
          buyer: { ...shipped.buyer, taxId: null, taxExemption: 'TX-RESALE-0042' },
          money: exempt,
          totalCents: exempt.totalCents,
        }),
      );
      expect(text).toContain('Tax exempt: TX-RESALE-0042');
      expect(text).not.toContain('Tax ID: DE');
      // A method that ships free still says how the order ships.
      expect(sums(text)).toEqual([
        ['Subtotal', 12_395],
        ['Shipping (Free Ground)', 0],
        ['Total (USD)', 12_395],
      ]);
    });
  });

  it('an export says the duties and taxes of the destination are paid on import', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice({ exportedTo: 'Germany' })));
    expect(text.replace(/\n/g, ' ')).toContain(
      'Export to Germany: import duties and taxes of the destination are not included; the recipient pays them on import.',
    );
    expect(await pdfText(await renderInvoicePdf(invoice()))).not.toContain('Export');
  });

  it('wraps a long part name inside its cell', async () => {
    const name = 'Extremely long part name '.repeat(8).trim();
    const pdf = await renderInvoicePdf(
      invoice({ lines: [{ name, quantity: 1, unitPriceCents: 100 }], totalCents: 100 }),
    );
    // The other cells sit on the name's first line; the name goes on below them.
    const text = (await pdfText(pdf)).replace(' 1 $1.00 $1.00', '').replace(/\s+/g, ' ');
    expect(text).toContain(name);
  });

  it('a credit note names the invoice it reverses and the reason', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        kind: 'credit-note',
        number: 'CN-2026-000001',
        refersTo: 'PS-2026-000001',
        reason: 'Returned unopened',
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Credit note');
    expect(text).toContain('CN-2026-000001');
    expect(text).toContain('Reverses invoice PS-2026-000001');
    expect(text).toContain('Reason: Returned unopened');
    expect(text).toContain('Total credited (USD) $1,229.88');
    expect(text).toContain('pi_3PaymentRef123');
  });

  it('draws names Helvetica lacks as near as it can instead of throwing', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        buyer: { name: 'Zoë 山田 🚀 Łukasz Őrs', email: 'zoe@example.com' },
        lines: [{ name: 'GPU 🔥 显卡 – “Ti” €', quantity: 1, unitPriceCents: 100 }],
        totalCents: 100,
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Zoë ?? ? Lukasz Ors');
    expect(text).toContain('GPU ? ?? – “Ti” €');
  });

  it('keeps what WinAnsi has and replaces the rest', () => {
    expect(winAnsiText('Café – “quoted” € ™')).toBe('Café – “quoted” € ™');
    expect(winAnsiText('Đ ő ł 👨‍👩‍👧 ①')).toBe('D o l ??? 1');
  });
});
