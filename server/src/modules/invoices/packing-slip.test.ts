import { describe, expect, it } from 'vitest';
import { sellerParty } from '@partsmith/contract/seller';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';
import { renderPackingSlips, type PackingSlip } from './packing-slip.ts';

const seller = { ...sellerParty(), url: 'https://partsmith.example' };

const slip = (overrides: Partial<PackingSlip> = {}): PackingSlip => ({
  orderId: '0195f3c2-7a1b-7c3d-9e4f-123456789abc',
  orderNumber: 'PS-O-000001',
  placedAt: new Date('2026-03-05T10:00:00Z'),
  shipTo: [
    'Ada Lovelace',
    'Analytical Engines Ltd',
    '12 St James Sq',
    'London SW1Y 4JH',
    'United Kingdom',
  ],
  phone: '+44 20 7946 0000',
  buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  shippingMethod: 'Rest of the world (7–14 business days)',
  lines: [
    { sku: 'PS-TQW-PRO', name: 'Torque Wrench Pro', quantity: 2 },
    { sku: null, name: 'Thermal Paste 4 g', quantity: 10 },
  ],
  ...overrides,
});

describe('packing slip PDF', () => {
  it('names the order, where it goes and what is in it, with a box to tick a line', async () => {
    const pdf = await renderPackingSlips({ kind: 'packing-slips', seller, slips: [slip()] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const fact of [
      'Partsmith Inc. Packing slip',
      'Order PS-O-000001',
      'Placed March 5, 2026',
      'Shipping Rest of the world (7–14 business days)',
      'Ada Lovelace Ada Lovelace',
      'Analytical Engines Ltd ada@example.com',
      'United Kingdom',
      '+44 20 7946 0000',
      'PS-TQW-PRO Torque Wrench Pro 2',
      // A line bought before part numbers.
      '— Thermal Paste 4 g 10',
      '12 units in 2 lines.',
      'Something missing or damaged? Write to',
      'sales@partsmith.example or call +1 (512) 555-0147, and give the order number PS-O-000001.',
      'PS-O-000001 · Page 1 of 1',
    ])
      expect(text, fact).toContain(fact);
    expect(text).not.toMatch(/Purchase order|\$/);
  });

  it("numbers each order's pages on its own, a long order's rows going on under the head again", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({
      sku: `PS-BOLT-${String(i + 1).padStart(3, '0')}`,
      name: `Hex bolt M${i + 3}`,
      quantity: i + 1,
    }));
    const pdf = await renderPackingSlips({
      kind: 'packing-slips',
      seller,
      slips: [
        slip({ lines, poNumber: 'PO-2026-117' }),
        slip({ orderNumber: 'PS-O-000002', shipTo: ['Bob Builder', '1 Main St'] }),
      ],
    });
    const pages = (await pdfText(pdf)).split('\f');
    expect(await pdfPageCount(pdf)).toBe(3);
    expect(pages[0]).toContain('Purchase order PO-2026-117');
    expect(pages[0]).toContain('PS-O-000001 · Page 1 of 2');
    expect(pages[1]).toContain('Part no. Description Qty Packed');
    expect(pages[1]).toContain('PS-BOLT-030 Hex bolt M32 30');
    expect(pages[1]).toContain('465 units in 30 lines.');
    expect(pages[1]).toContain('PS-O-000001 · Page 2 of 2');
    expect(pages[2]).toContain('Order PS-O-000002');
    expect(pages[2]).toContain('PS-O-000002 · Page 1 of 1');
  });

  it('bounds what someone typed: a 200,000-character name and a newline-filled address', async () => {
    const started = Date.now();
    const pdf = await renderPackingSlips({
      kind: 'packing-slips',
      seller,
      slips: [
        slip({
          buyer: { name: 'A'.repeat(200_000), email: 'ada@example.com' },
          shipTo: ['Ada', `${'x\n'.repeat(5_000)}end`],
          lines: [{ sku: 'PS-1', name: '🔧'.repeat(50_000), quantity: 1 }],
        }),
      ],
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await pdfPageCount(pdf)).toBeLessThanOrEqual(3);
  });
});
