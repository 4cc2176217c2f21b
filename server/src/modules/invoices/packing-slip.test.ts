import { describe, expect, it } from 'vitest';
import { sellerParty } from '@partsmith/contract/seller';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';
import { picksOf, renderPackingSlips, renderPickList, type PackingSlip } from './packing-slip.ts';

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

describe('pick list', () => {
  const WRENCH = '0195f3c2-0000-7000-8000-000000000001';
  const PASTE = '0195f3c2-0000-7000-8000-000000000002';
  const orders = [
    slip({
      lines: [
        { partId: WRENCH, sku: 'PS-TQW-PRO', name: 'Torque Wrench Pro', quantity: 2 },
        { partId: PASTE, sku: 'PS-TP-4G', name: 'Thermal Paste 4 g', quantity: 10 },
        // The same part twice in one order counts as one order.
        { partId: WRENCH, sku: 'PS-TQW-PRO', name: 'Torque Wrench Pro', quantity: 1 },
      ],
    }),
    slip({
      orderNumber: 'PS-O-000007',
      placedAt: new Date('2026-03-06T10:00:00Z'),
      lines: [
        { partId: PASTE, sku: 'PS-TP-4G', name: 'Thermal Paste 4 g', quantity: 5 },
        // A part deleted since, bought before part numbers: by its name, last.
        { partId: null, sku: null, name: 'Anti-static strap', quantity: 3 },
        { partId: null, sku: 'PS-ALN-KEY', name: 'Allen key set', quantity: 4 },
      ],
    }),
  ];

  it("sums the orders' lines by part, by part number, the lines without one last", () => {
    expect(picksOf(orders)).toEqual([
      { sku: 'PS-ALN-KEY', name: 'Allen key set', quantity: 4, orders: 1 },
      { sku: 'PS-TP-4G', name: 'Thermal Paste 4 g', quantity: 15, orders: 2 },
      { sku: 'PS-TQW-PRO', name: 'Torque Wrench Pro', quantity: 3, orders: 1 },
      { sku: '', name: 'Anti-static strap', quantity: 3, orders: 1 },
    ]);
  });

  it('lists each part once with its quantity and a box to tick, then the orders it is for', async () => {
    const pdf = await renderPickList({ kind: 'pick-list', seller, slips: orders });
    const text = await pdfText(pdf);
    for (const fact of [
      'Partsmith Inc. Pick list',
      'Orders 2',
      'Longest waiting PS-O-000001 (March 5, 2026)',
      'Part no. Description Orders Qty Picked',
      'PS-ALN-KEY Allen key set 1 4',
      'PS-TP-4G Thermal Paste 4 g 2 15',
      'PS-TQW-PRO Torque Wrench Pro 1 3',
      '— Anti-static strap 1 3',
      '25 units of 4 parts for 2 orders.',
      'The orders, the longest waiting first: PS-O-000001, PS-O-000007.',
      'Pick list · Page 1 of 1',
    ])
      expect(text, fact).toContain(fact);
    expect(text).not.toMatch(/\$|Ada Lovelace/);
  });

  it('goes on over pages under the head again for 100 orders of many parts', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      slip({
        orderNumber: `PS-O-${String(i + 1).padStart(6, '0')}`,
        lines: [
          {
            partId: `p${i}`,
            sku: `PS-BOLT-${String(i).padStart(3, '0')}`,
            name: 'Hex bolt',
            quantity: 1,
          },
        ],
      }),
    );
    const pdf = await renderPickList({ kind: 'pick-list', seller, slips: many });
    const pages = (await pdfText(pdf)).split('\f');
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[1]).toContain('Part no. Description Orders Qty Picked');
    expect(pages.at(-1)).toContain('100 units of 100 parts for 100 orders.');
    expect(pages.at(-1)).toContain('PS-O-000100.');
    expect(pages.at(-1)).toContain(`Pick list · Page ${pages.length} of ${pages.length}`);
  });
});
