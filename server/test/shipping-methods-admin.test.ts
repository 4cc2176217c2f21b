import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ShippingMethod, ShippingZone } from '@partsmith/contract';
import { shippingMethods } from '../src/db/schema/index.ts';
import { DB_KINDS } from './helpers.ts';
import { shippingAdminSuite } from './shipping-admin-helpers.ts';

// A shipping zone's methods as the admin adds, changes and deletes them: priced in dollars,
// stored in cents, checked and audited. The zones are shipping-zones-admin.test.ts's.
describe.each(DB_KINDS)('shipping zones, methods, tax rates and exemptions on %s', (kind) => {
  const { shop, ok, failure, audit, destination } = shippingAdminSuite(kind);

  it('adds, changes and deletes a method in dollars, stored in cents, each audited', async () => {
    const { t } = shop();
    const zone = ShippingZone.parse(
      await ok('POST', '/api/shipping-zones', { name: 'Canada', countries: ['CA'] }),
    );
    const methods = `/api/shipping-zones/${zone._id}/methods`;
    const ground = ShippingMethod.parse(
      await ok('POST', methods, {
        name: 'Ground',
        kind: 'weight',
        price: 12.34,
        perKg: 0.29,
        freeAbove: 250.1,
        minDays: 3,
        maxDays: 7,
      }),
    );
    expect(ground).toMatchObject({
      zoneId: zone._id,
      kind: 'weight',
      price: 12.34,
      perKg: 0.29,
      freeAbove: 250.1,
      days: { min: 3, max: 7 },
      position: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, ground._id));
    expect(row).toMatchObject({ priceCents: 1234, perKgCents: 29, freeAboveCents: 25010 });

    const air = ShippingMethod.parse(
      await ok('POST', methods, { name: 'Air', price: '19.99', minDays: 1, maxDays: 2 }),
    );
    // After the zone's others; a flat method by default, never free without freeAbove.
    expect(air).toMatchObject({ kind: 'flat', price: 19.99, perKg: 0, freeAbove: null });
    expect(air.position).toBe(1);

    const changed = ShippingMethod.parse(
      await ok('PUT', `/api/shipping-methods/${ground._id}`, {
        name: 'Ground',
        kind: 'weight',
        price: 10,
        perKg: 0.5,
        freeAbove: null,
        minDays: 2,
        maxDays: 6,
        position: 5,
      }),
    );
    expect(changed).toMatchObject({ price: 10, perKg: 0.5, freeAbove: null, position: 5 });
    // Its zone holds Canada's destinations at once: no cache between the admin and the checkout.
    expect(await destination('CA', 'ON')).toMatchObject({
      zoneName: 'Canada',
      methods: [
        { name: 'Air', priceCents: 1999, position: 1 },
        { name: 'Ground', kind: 'weight', priceCents: 1000, perKgCents: 50, freeAboveCents: null },
      ],
      rates: [],
    });

    const saves = (await audit('shipping-method.save')).filter((e) => e.targetId === ground._id);
    expect(saves[0]).toMatchObject({
      actorEmail: 'owner@example.com',
      summary: 'Changed the shipping method "Ground"',
      before: { price: 12.34, perKg: 0.29, freeAbove: 250.1, days: { min: 3, max: 7 } },
      after: { price: 10, perKg: 0.5, freeAbove: null, days: { min: 2, max: 6 }, position: 5 },
    });
    expect(saves[1]).toMatchObject({
      summary: 'Added the shipping method "Ground" to "Canada"',
      before: null,
      after: { name: 'Ground', price: 12.34 },
    });

    // Wrong fields, each named; a flat method charges no weight.
    const bad = (body: object) => failure('POST', methods, body, 400);
    expect(await bad({ name: 'X', price: -1, minDays: 1, maxDays: 2 })).toBe(
      'Price cannot be negative (body field "price")',
    );
    expect(await bad({ name: 'X', price: 1.234, minDays: 1, maxDays: 2 })).toBe(
      'Price has at most two decimals (cents) (body field "price")',
    );
    expect(await bad({ name: 'X', price: 1, minDays: 5, maxDays: 2 })).toBe(
      'The slowest delivery cannot be faster than the fastest (body field "maxDays")',
    );
    expect(await bad({ name: 'X', kind: 'pigeon', price: 1, minDays: 1, maxDays: 2 })).toMatch(
      /\(body field "kind"\)$/,
    );
    expect(
      await failure(
        'POST',
        methods,
        { name: 'X', kind: 'flat', price: 1, perKg: 2, minDays: 1, maxDays: 2 },
        422,
      ),
    ).toBe(
      'A flat-rate method has no price per kg; choose "weight" to charge by weight (body field "perKg")',
    );

    expect(await ok('DELETE', `/api/shipping-methods/${air._id}`)).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    const [gone] = (await audit('shipping-method.delete')).filter((e) => e.targetId === air._id);
    expect(gone).toMatchObject({ before: { name: 'Air', price: 19.99 }, after: null });
    expect(await failure('DELETE', `/api/shipping-methods/${air._id}`, undefined, 404)).toBe(
      'There is no such shipping method.',
    );
    expect(
      await failure(
        'PUT',
        `/api/shipping-methods/${air._id}`,
        { name: 'Air', price: 1, minDays: 1, maxDays: 2 },
        404,
      ),
    ).toBe('There is no such shipping method.');
    await ok('DELETE', `/api/shipping-zones/${zone._id}`);
  });
});
