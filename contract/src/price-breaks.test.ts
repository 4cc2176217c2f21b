import { describe, expect, it } from 'vitest';
import { AddPartBody, Part, PRICE_BREAKS_MAX, PriceBreaks, UpdatePartBody } from './index.ts';
import { centsPricing, priceTiers, unitPriceCents } from './pricing.ts';

/** Every message a schema gives for a value, as "path: message", or [] when it passes. */
function problems(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  if (r.success) return [];
  return (r.error as { issues: { path: PropertyKey[]; message: string }[] }).issues.map(
    (i) => `${i.path.map(String).join('.')}: ${i.message}`,
  );
}

const PART = {
  name: 'Forge DDR5 32 GB',
  description: 'Two 16 GB modules at 6000 MT/s.',
  availableQuantity: 500,
  minOrderQuantity: 1,
  price: 9.5,
  image: '/images/parts/ram-ddr5-32gb.svg',
};
const BREAKS = [
  { minQuantity: 10, price: 8.9 },
  { minQuantity: 50, price: 8 },
];

describe('PriceBreaks', () => {
  it('takes none, or breaks each higher in quantity and lower in price; text numbers too', () => {
    expect(PriceBreaks.parse([])).toEqual([]);
    expect(PriceBreaks.parse(BREAKS)).toEqual(BREAKS);
    expect(PriceBreaks.parse([{ minQuantity: '10', price: '8.90' }])).toEqual([
      { minQuantity: 10, price: 8.9 },
    ]);
    const ten = Array.from({ length: PRICE_BREAKS_MAX }, (_, i) => ({
      minQuantity: 2 + i,
      price: 100 - i,
    }));
    expect(problems(PriceBreaks, ten)).toEqual([]);
  });

  it('names the break in each refusal (the first message for the value)', () => {
    const cases: [unknown, string][] = [
      [[{ price: 8 }], '0.minQuantity: Break 1: enter the quantity it starts from'],
      [
        [{ minQuantity: 'ten', price: 8 }],
        '0.minQuantity: Break 1: enter the quantity it starts from',
      ],
      [
        [{ minQuantity: 10.5, price: 8 }],
        '0.minQuantity: Break 1: its quantity must be a whole number',
      ],
      [[{ minQuantity: 1, price: 8 }], '0.minQuantity: Break 1: its quantity must be at least 2'],
      [[{ minQuantity: 2e7, price: 8 }], '0.minQuantity: Break 1: its quantity is too high'],
      [[BREAKS[0], { minQuantity: 50 }], '1.price: Break 2: enter its unit price'],
      [
        [BREAKS[0], { minQuantity: 50, price: 0 }],
        '1.price: Break 2: its unit price must be at least $0.01',
      ],
      [
        [BREAKS[0], { minQuantity: 50, price: 2e6 }],
        '1.price: Break 2: its unit price is too high',
      ],
      [
        [BREAKS[0], { minQuantity: 50, price: 8.001 }],
        '1.price: Break 2: its unit price has at most 2 decimals',
      ],
      [
        [BREAKS[0], { minQuantity: 10, price: 8 }],
        "1.minQuantity: Break 2: its quantity must be higher than break 1's (10)",
      ],
      [
        [BREAKS[0], { minQuantity: 50, price: 8.9 }],
        "1.price: Break 2: its unit price must be lower than break 1's ($8.90)",
      ],
    ];
    for (const [value, message] of cases)
      expect(problems(PriceBreaks, value)[0], message).toBe(message);
    const eleven = Array.from({ length: PRICE_BREAKS_MAX + 1 }, (_, i) => ({
      minQuantity: 2 + i,
      price: 100 - i,
    }));
    expect(problems(PriceBreaks, eleven)).toEqual([': At most 10 volume prices']);
  });
});

describe("a part's breaks against its price and minimum order", () => {
  it('AddPartBody takes breaks (none by default) and checks the first against the part', () => {
    expect(AddPartBody.parse(PART).priceBreaks).toEqual([]);
    expect(AddPartBody.parse({ ...PART, priceBreaks: BREAKS }).priceBreaks).toEqual(BREAKS);
    expect(problems(AddPartBody, { ...PART, minOrderQuantity: 10, priceBreaks: BREAKS })).toEqual([
      'priceBreaks.0.minQuantity: Break 1: its quantity must be higher than the minimum order quantity (10)',
    ]);
    expect(problems(AddPartBody, { ...PART, price: 8.9, priceBreaks: BREAKS })).toEqual([
      'priceBreaks.0.price: Break 1: its unit price must be lower than the base price ($8.90)',
    ]);
  });

  it('UpdatePartBody takes breaks alone, and checks them against a price sent with them', () => {
    expect(UpdatePartBody.parse({ priceBreaks: [] })).toEqual({ priceBreaks: [] });
    expect(problems(UpdatePartBody, { priceBreaks: BREAKS })).toEqual([]);
    expect(problems(UpdatePartBody, { price: 8, priceBreaks: BREAKS })).toEqual([
      'priceBreaks.0.price: Break 1: its unit price must be lower than the base price ($8.00)',
    ]);
    expect(
      problems(UpdatePartBody, { priceBreaks: [{ minQuantity: 5, price: 8 }, BREAKS[0]] }),
    ).toEqual([
      "priceBreaks.1.price: Break 2: its unit price must be lower than break 1's ($8.00)",
    ]);
  });

  it('a part answer always has its breaks, [] from a server that sends none', () => {
    const answer = {
      _id: '00000000-0000-4000-8000-000000000000',
      name: 'x',
      image: '/images/parts/x.svg',
      description: 'y',
      price: 9.5,
      availableQuantity: 5,
      minOrderQuantity: 1,
    };
    expect(Part.parse(answer).priceBreaks).toEqual([]);
    expect(Part.parse({ ...answer, priceBreaks: BREAKS }).priceBreaks).toEqual(BREAKS);
  });
});

describe('unitPriceCents and priceTiers', () => {
  const part = { ...PART, priceBreaks: BREAKS };

  it('charges the base price below the first break and each break from its quantity on', () => {
    const pricing = centsPricing(part);
    expect(pricing).toEqual({
      priceCents: 950,
      priceBreaks: [
        { minQuantity: 10, priceCents: 890 },
        { minQuantity: 50, priceCents: 800 },
      ],
    });
    const at = (q: number) => unitPriceCents(pricing, q);
    expect([1, 9, 10, 49, 50, 1000].map(at)).toEqual([950, 950, 890, 890, 800, 800]);
    expect(unitPriceCents({ priceCents: 950, priceBreaks: [] }, 1000)).toBe(950);
    // Unsorted breaks price the same.
    expect(
      unitPriceCents({ ...pricing, priceBreaks: [...pricing.priceBreaks].reverse() }, 60),
    ).toBe(800);
  });

  it('lists the tiers from the minimum order up', () => {
    expect(priceTiers(part)).toEqual([
      { from: 1, to: 9, priceCents: 950 },
      { from: 10, to: 49, priceCents: 890 },
      { from: 50, to: null, priceCents: 800 },
    ]);
    expect(priceTiers({ ...PART, minOrderQuantity: 5, priceBreaks: [] })).toEqual([
      { from: 5, to: null, priceCents: 950 },
    ]);
  });
});
