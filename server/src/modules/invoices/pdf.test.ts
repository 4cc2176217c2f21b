import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';
import { formatUsd } from '../../lib/money.ts';
import { renderInvoicePdf, winAnsiText, type InvoiceDocument } from './pdf.ts';

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: 'PS-2026-000001',
  issuedAt: new Date('2026-03-05T10:00:00Z'),
  seller: {
    name: 'Partsmith',
    address: ['12 Foundry Lane', 'Springfield, IL 62701', 'United States'],
    email: 'orders@partsmith.example',
    url: 'https://partsmith.example',
  },
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
    expect(text).toContain('Thermal Paste 4 g 1 $7.99 $7.99\nTotal (USD) $107.97');
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
