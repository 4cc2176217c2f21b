import fc from 'fast-check';
import type { PriceBreakCents } from '@partsmith/contract/pricing';

/**
 * A valid part in cents: a base price, a minimum order and up to 10 breaks, each at a higher
 * quantity (above the minimum) and a lower price (below the base) than the one before.
 */
export const pricedPart = fc
  .record({
    priceCents: fc.integer({ min: 20, max: 100_000 }),
    minOrderQuantity: fc.integer({ min: 1, max: 20 }),
    count: fc.integer({ min: 0, max: 10 }),
  })
  .chain(({ priceCents, minOrderQuantity, count }) =>
    fc
      .record({
        quantities: fc.uniqueArray(
          fc.integer({ min: minOrderQuantity + 1, max: minOrderQuantity + 400 }),
          { minLength: count, maxLength: count },
        ),
        prices: fc.uniqueArray(fc.integer({ min: 1, max: priceCents - 1 }), {
          minLength: count,
          maxLength: count,
        }),
      })
      .map(({ quantities, prices }) => {
        const up = [...quantities].sort((a, b) => a - b);
        const down = [...prices].sort((a, b) => b - a);
        const priceBreaks: PriceBreakCents[] = up.map((minQuantity, i) => ({
          minQuantity,
          priceCents: down[i]!,
        }));
        return { priceCents, minOrderQuantity, priceBreaks };
      }),
  );
