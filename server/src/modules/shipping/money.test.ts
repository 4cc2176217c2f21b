import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOrder, rateUnits, shippingCharge, taxOn, type MethodRule } from './money.ts';

const cents = (max: number) => fc.integer({ min: 0, max });
/** A percentage with up to four decimals, as the tax_rates column holds it. */
const rate = fc.integer({ min: 0, max: 1_000_000 }).map((units) => units / 10_000);

const method: fc.Arbitrary<MethodRule> = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 12 }),
  kind: fc.constantFrom('flat' as const, 'weight' as const),
  priceCents: cents(100_000),
  perKgCents: cents(5_000),
  freeAboveCents: fc.option(cents(1_000_000), { nil: null }),
  minDays: fc.integer({ min: 0, max: 10 }),
  maxDays: fc.integer({ min: 10, max: 30 }),
});

const order = fc.record({
  lines: fc.array(
    fc.record({
      unitCents: cents(5_000_000),
      quantity: fc.integer({ min: 1, max: 10_000 }),
      weightGrams: cents(50_000),
    }),
    { minLength: 1, maxLength: 50 },
  ),
  methods: fc.array(method, { maxLength: 5 }),
  rates: fc.array(
    fc.record({ name: fc.string({ maxLength: 20 }), rate, shippingTaxed: fc.boolean() }),
    { maxLength: 3 },
  ),
  exempt: fc.boolean(),
  choose: fc.nat(),
});

describe('pricing an order (decision 060)', () => {
  it('adds up to the cent: subtotal + shipping + each tax = total, all whole cents', () => {
    fc.assert(
      fc.property(order, ({ choose, ...input }) => {
        const chosenId = input.methods[choose % Math.max(1, input.methods.length)]?.id ?? null;
        const money = priceOrder({ ...input, chosenId });
        const taxes = money.taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
        expect(money.totalCents).toBe(money.subtotalCents + (money.shipping?.cents ?? 0) + taxes);
        expect(money.taxCents).toBe(taxes);
        for (const value of [money.totalCents, money.subtotalCents, taxes])
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        expect(money.subtotalCents).toBe(
          input.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
        );
        if (input.exempt) expect(money.taxes).toEqual([]);
        if (chosenId) expect(money.shipping?.method.id).toBe(chosenId);
        else expect(money.shipping).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('rounds each tax half up from its exact value, never off by more than half a cent', () => {
    fc.assert(
      fc.property(cents(10_000_000_000), rate, (base, percent) => {
        const tax = taxOn(base, percent);
        // Exactly: tax is the integer nearest base x rate, ties going up.
        const exact = BigInt(base) * BigInt(rateUnits(percent)); // in millionths of a cent
        expect(BigInt(tax) * 1_000_000n <= exact + 500_000n).toBe(true);
        expect(exact + 500_000n < BigInt(tax + 1) * 1_000_000n).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // The ties and the seeded rate, by hand.
    expect(taxOn(1000, 8.25)).toBe(83); // 82.5 -> 83
    expect(taxOn(990, 8.25)).toBe(82); // 81.675 -> 82
    expect(taxOn(10_990, 8.25)).toBe(907); // 906.675 -> 907
    expect(taxOn(1, 50)).toBe(1); // 0.5 -> 1
    expect(taxOn(0, 8.25)).toBe(0);
  });

  it('ships free from the threshold on, charges every started kilogram by weight', () => {
    const flat: MethodRule = {
      id: 'a',
      name: 'Standard',
      kind: 'flat',
      priceCents: 990,
      perKgCents: 0,
      freeAboveCents: 50_000,
      minDays: 3,
      maxDays: 5,
    };
    expect(shippingCharge(flat, 49_999, 0)).toBe(990);
    expect(shippingCharge(flat, 50_000, 0)).toBe(0);
    const weight: MethodRule = { ...flat, kind: 'weight', perKgCents: 200, freeAboveCents: null };
    expect(shippingCharge(weight, 1, 0)).toBe(990);
    expect(shippingCharge(weight, 1, 1)).toBe(1190);
    expect(shippingCharge(weight, 1, 1000)).toBe(1190);
    expect(shippingCharge(weight, 1, 1001)).toBe(1390);
  });

  it('prices the cheapest method when none is chosen, and taxes shipping only where the rate says', () => {
    const methods: MethodRule[] = [
      {
        id: 'x',
        name: 'Express',
        kind: 'flat',
        priceCents: 2490,
        perKgCents: 0,
        freeAboveCents: null,
        minDays: 1,
        maxDays: 2,
      },
      {
        id: 's',
        name: 'Standard',
        kind: 'flat',
        priceCents: 990,
        perKgCents: 0,
        freeAboveCents: 50_000,
        minDays: 3,
        maxDays: 5,
      },
    ];
    const texas = { name: 'Texas sales tax', rate: 8.25, shippingTaxed: true };
    const lines = [{ unitCents: 10_000, quantity: 1, weightGrams: 0 }];
    const cheapest = priceOrder({ lines, methods, rates: [texas], exempt: false });
    expect(cheapest.shipping?.method.id).toBe('s');
    expect(cheapest.options.map((o) => o.method.id)).toEqual(['s', 'x']);
    // (100.00 + 9.90) x 8.25% = 9.06675 -> 9.07
    expect(cheapest.taxes).toEqual([{ name: 'Texas sales tax', rate: 8.25, amountCents: 907 }]);
    expect(cheapest.totalCents).toBe(10_000 + 990 + 907);
    const untaxedShipping = priceOrder({
      lines,
      methods,
      rates: [{ ...texas, shippingTaxed: false }],
      exempt: false,
      chosenId: 'x',
    });
    expect(untaxedShipping.taxCents).toBe(825);
    expect(untaxedShipping.totalCents).toBe(10_000 + 2490 + 825);
  });
});
