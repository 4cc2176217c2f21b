import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companyUnitPriceCents, unitPriceCents } from '@partsmith/contract/pricing';
import {
  categories,
  parts,
  priceListDiscounts,
  priceListPrices,
  priceLists,
} from '../src/db/schema/index.ts';
import { companyUnitPriceCentsSql, priceRules } from '../src/modules/companies/price-rules.ts';
import { unitPriceCentsSql } from '../src/modules/parts/stock.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { pricedPart } from './price-arbitraries.ts';

/** A price list's rule for the part: none, a fixed price, a category's percentage off, or both. */
const rule = fc.record({
  fixedCents: fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null }),
  // Percentages with two decimals, as the column keeps them.
  percentOff: fc.option(
    fc.integer({ min: 1, max: 9999 }).map((bp) => bp / 100),
    { nil: null },
  ),
});

describe('company prices: the rule (decision 064)', () => {
  it('is never above the public price for the quantity, never below a cent, and the list price without a rule', () => {
    fc.assert(
      fc.property(pricedPart, rule, fc.integer({ min: 1, max: 400 }), (part, r, q) => {
        const price = companyUnitPriceCents(part, q, r);
        expect(price).toBeLessThanOrEqual(unitPriceCents(part, q));
        expect(price).toBeGreaterThanOrEqual(1);
        expect(companyUnitPriceCents(part, q, null)).toBe(unitPriceCents(part, q));
        // A fixed price wins over the category's percentage.
        if (r.fixedCents !== null)
          expect(price).toBe(Math.max(1, Math.min(unitPriceCents(part, q), r.fixedCents)));
      }),
      { numRuns: 500 },
    );
  });
});

describe.each(DB_KINDS)('company prices in SQL on %s', (kind) => {
  let t: TestApp;
  let partId: string;
  let listId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const { db } = t.database;
    await db
      .insert(categories)
      .values({ slug: 'rule-cat', name: 'Rule category' })
      .onConflictDoNothing();
    const [part] = await db
      .insert(parts)
      .values({
        name: 'Rule part',
        description: 'Priced by generated rules.',
        image: '/images/parts/tool-driver-kit.svg',
        priceCents: 100,
        availableQuantity: 0,
        minOrderQuantity: 1,
        category: 'rule-cat',
      })
      .returning({ id: parts.id });
    partId = part!.id;
    const [list] = await db
      .insert(priceLists)
      .values({ name: 'Rule list' })
      .returning({ id: priceLists.id });
    listId = list!.id;
  });
  afterAll(() => t.close());

  it('prices any quantity exactly as the contract does, and priceRules reads the rule back (property)', async () => {
    const { db } = t.database;
    await fc.assert(
      fc.asyncProperty(
        pricedPart,
        rule,
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 8 }),
        async (part, r, quantities) => {
          await db.update(parts).set(part).where(eq(parts.id, partId));
          await db.delete(priceListPrices).where(eq(priceListPrices.priceListId, listId));
          await db.delete(priceListDiscounts).where(eq(priceListDiscounts.priceListId, listId));
          if (r.fixedCents !== null)
            await db
              .insert(priceListPrices)
              .values({ priceListId: listId, partId, priceCents: r.fixedCents });
          if (r.percentOff !== null)
            await db
              .insert(priceListDiscounts)
              .values({ priceListId: listId, category: 'rule-cat', percent: r.percentOff });
          const read = await priceRules(db, listId, [{ id: partId, category: 'rule-cat' }]);
          const expectedRule = r.fixedCents === null && r.percentOff === null ? undefined : r;
          expect(read.get(partId)).toEqual(expectedRule);
          const result = await db.execute(sql`
          select q.q, ${companyUnitPriceCentsSql({ part: 'parts', priceListId: sql`${listId}::uuid`, publicCents: unitPriceCentsSql(sql`q.q`) })} as unit
          from ${parts}, unnest(${sql.raw(`array[${quantities.join(',')}]::int[]`)}) as q(q)
          where ${parts.id} = ${partId}`);
          const { rows } = result as unknown as { rows: { q: unknown; unit: unknown }[] };
          const byQuantity = new Map(rows.map((row) => [Number(row.q), Number(row.unit)]));
          for (const q of quantities)
            expect(byQuantity.get(q), `q=${q}`).toBe(
              companyUnitPriceCents(part, q, expectedRule ?? null),
            );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('applies a list only between its dates', async () => {
    const { db } = t.database;
    await db
      .insert(priceListPrices)
      .values({ priceListId: listId, partId, priceCents: 1 })
      .onConflictDoUpdate({
        target: [priceListPrices.priceListId, priceListPrices.partId],
        set: { priceCents: 1 },
      });
    await db
      .update(priceLists)
      .set({ validFrom: '2999-01-01', validUntil: null })
      .where(eq(priceLists.id, listId));
    expect((await priceRules(db, listId, [{ id: partId, category: 'rule-cat' }])).size).toBe(0);
    await db
      .update(priceLists)
      .set({ validFrom: '2000-01-01', validUntil: '2999-12-31' })
      .where(eq(priceLists.id, listId));
    expect((await priceRules(db, listId, [{ id: partId, category: 'rule-cat' }])).size).toBe(1);
  });
});
