import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ShippingZone, TaxRate } from '@partsmith/contract';
import { shippingMethods, shippingZones } from '../src/db/schema/index.ts';
import { destinationOf } from '../src/modules/shipping/service.ts';
import { DB_KINDS } from './helpers.ts';
import { TEXAS, US_METHODS, shippingAdminSuite } from './shipping-admin-helpers.ts';

// The zone, methods and tax rates a destination gets from what the admin set (the checkout's
// look-up, destinationOf): the most specific zone, every rate that applies.
describe.each(DB_KINDS)('shipping zones, methods, tax rates and exemptions on %s', (kind) => {
  const { shop, ok, destination } = shippingAdminSuite(kind);

  it('finds a destination its zone and rates: the most specific zone, both rates', async () => {
    const { t } = shop();
    const us = { zoneName: 'United States', methods: US_METHODS };
    const texas = await destination('US', 'TX');
    expect(texas).toMatchObject({ ...us, rates: [TEXAS] });
    expect(texas.methods.every((m) => typeof m.id === 'string')).toBe(true);
    expect(await destination('us', 'tx')).toEqual(texas);
    expect(await destination('US', 'CA')).toMatchObject({ ...us, rates: [] });
    expect(await destination('US')).toMatchObject({ ...us, rates: [] });
    expect(await destination('DE', 'BY')).toMatchObject({
      zoneName: 'Europe',
      methods: [{ name: 'International', priceCents: 2900, minDays: 5, maxDays: 10 }],
      rates: [],
    });
    expect(await destination('JP', '13')).toMatchObject({
      zoneName: 'Rest of the world',
      methods: [{ name: 'International', priceCents: 4900 }],
      rates: [],
    });
    // Inside the checkout's transaction too.
    expect(await t.database.db.transaction((tx) => destinationOf(tx, 'US', 'TX'))).toEqual(texas);

    // A zone naming Alaska beats the United States for Alaska, whatever its position.
    const alaska = ShippingZone.parse(
      await ok('POST', '/api/shipping-zones', { name: 'Alaska', regions: ['US-AK'], position: 9 }),
    );
    await ok('POST', `/api/shipping-zones/${alaska._id}/methods`, {
      name: 'Barge',
      price: 59,
      minDays: 10,
      maxDays: 20,
    });
    expect(await destination('US', 'AK')).toMatchObject({
      zoneName: 'Alaska',
      methods: [{ name: 'Barge', priceCents: 5900 }],
    });
    expect((await destination('US', 'TX')).zoneName).toBe('United States');
    expect((await destination('US')).zoneName).toBe('United States');

    // Among zones naming the country, the lowest position, then the name.
    const rival = ShippingZone.parse(
      await ok('POST', '/api/shipping-zones', {
        name: 'A Germany',
        countries: ['DE'],
        position: 1,
      }),
    );
    expect((await destination('DE')).zoneName).toBe('A Germany');
    await ok('PUT', `/api/shipping-zones/${rival._id}`, {
      name: 'A Germany',
      countries: ['DE'],
      position: 2,
    });
    expect((await destination('DE')).zoneName).toBe('Europe');
    await ok('DELETE', `/api/shipping-zones/${rival._id}`);

    // A country's rate and its region's both apply: the country's first.
    const federal = TaxRate.parse(
      await ok('POST', '/api/tax-rates', { country: 'US', name: 'Federal test tax', rate: 1.5 }),
    );
    expect((await destination('US', 'TX')).rates).toEqual([
      { name: 'Federal test tax', rate: 1.5, shippingTaxed: false },
      TEXAS,
    ]);
    expect((await destination('US', 'AK')).rates).toEqual([
      { name: 'Federal test tax', rate: 1.5, shippingTaxed: false },
    ]);
    await ok('DELETE', `/api/tax-rates/${federal._id}`);
    expect((await destination('US', 'TX')).rates).toEqual([TEXAS]);

    // With no zone for the rest of the world, a place no zone names has no methods.
    const rest = (await t.database.db.select().from(shippingZones)).find(
      (z) => z.name === 'Rest of the world',
    )!;
    await ok('DELETE', `/api/shipping-zones/${rest.id}`);
    expect(await destination('JP')).toEqual({ zoneName: null, methods: [], rates: [] });
    // A zone without methods holds its places all the same: it answers none.
    await t.database.db.delete(shippingMethods).where(eq(shippingMethods.zoneId, alaska._id));
    expect(await destination('US', 'AK')).toMatchObject({ zoneName: 'Alaska', methods: [] });
  });
});
