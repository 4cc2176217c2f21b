import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ShippingMethod, ShippingZone, ShippingZoneList, TaxRateList } from '@partsmith/contract';
import { shippingMethods, shippingZones } from '../src/db/schema/index.ts';
import { DB_KINDS } from './helpers.ts';
import { TEXAS, shippingAdminSuite } from './shipping-admin-helpers.ts';

// The shipping zones as the admin lists, adds, changes and deletes them, and who may; a zone's
// methods are shipping-methods-admin.test.ts's, which zone a place gets
// shipping-destination.test.ts's.
describe.each(DB_KINDS)('shipping zones, methods, tax rates and exemptions on %s', (kind) => {
  const { shop, call, ok, failure, audit, destination, names } = shippingAdminSuite(kind);

  it('lists the seeded zones with their methods in dollars, and the Texas rate', async () => {
    const zones = ShippingZoneList.parse(await ok('GET', '/api/shipping-zones'));
    expect(zones.map((z) => [z.name, z.position, names(z.methods)])).toEqual([
      ['United States', 0, ['Standard', 'Express']],
      ['Europe', 1, ['International']],
      ['Rest of the world', 2, ['International']],
    ]);
    expect(zones[0]!.countries).toEqual(['US']);
    expect(zones[0]!.methods[0]).toMatchObject({
      kind: 'flat',
      price: 9.9,
      perKg: 0,
      freeAbove: 500,
      days: { min: 3, max: 5 },
    });
    expect(zones[0]!.methods[1]).toMatchObject({ price: 24.9, freeAbove: null });
    expect(zones[1]!.methods[0]!.price).toBe(29);
    expect(zones[2]!.methods[0]!.price).toBe(49);
    expect(zones[2]).toMatchObject({ countries: [], regions: [] });

    const rates = TaxRateList.parse(await ok('GET', '/api/tax-rates'));
    expect(rates.map(({ _id, ...rest }) => (void _id, rest))).toEqual([
      { country: 'US', region: 'TX', ...TEXAS },
    ]);
  });

  it('lets only admins in: 401 signed out, 403 for a customer, on every route', async () => {
    const { t, customer } = shop();
    const zoneId = (await t.database.db.select().from(shippingZones).limit(1))[0]!.id;
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/shipping-zones'],
      ['POST', '/api/shipping-zones'],
      ['PUT', `/api/shipping-zones/${zoneId}`],
      ['DELETE', `/api/shipping-zones/${zoneId}`],
      ['POST', `/api/shipping-zones/${zoneId}/methods`],
      ['GET', '/api/tax-rates'],
      ['POST', '/api/tax-rates'],
      ['GET', `/api/users/${customer.user.email}/tax-exemption`],
      ['PUT', `/api/users/${customer.user.email}/tax-exemption`],
      ['DELETE', `/api/users/${customer.user.email}/tax-exemption`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, customer.cookie)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    // Nothing was changed by the refused calls.
    expect(ShippingZoneList.parse(await ok('GET', '/api/shipping-zones'))).toHaveLength(3);
  });

  it('adds, changes and deletes a zone, each audited with before and after', async () => {
    const { t } = shop();
    const added = ShippingZone.parse(
      await ok('POST', '/api/shipping-zones', {
        name: ' Oceania ',
        countries: ['nz', 'AU', 'NZ'],
        regions: ['au-tas'],
      }),
    );
    // After the others; the same place twice kept once; codes upper case.
    expect(added).toMatchObject({
      name: 'Oceania',
      countries: ['NZ', 'AU'],
      regions: ['AU-TAS'],
      position: 3,
      methods: [],
    });

    const changed = ShippingZone.parse(
      await ok('PUT', `/api/shipping-zones/${added._id}`, {
        name: 'Australasia',
        countries: ['NZ', 'AU', 'FJ'],
      }),
    );
    // A PUT replaces the places; the position stays when none is given.
    expect(changed).toMatchObject({ countries: ['NZ', 'AU', 'FJ'], regions: [], position: 3 });
    expect(
      ShippingZone.parse(
        await ok('PUT', `/api/shipping-zones/${added._id}`, {
          name: 'Australasia',
          countries: ['NZ', 'AU', 'FJ'],
          position: 7,
        }),
      ).position,
    ).toBe(7);

    const saves = (await audit('shipping-zone.save')).filter((e) => e.targetId === added._id);
    expect(saves.map((e) => e.actorEmail)).toEqual(Array(3).fill('owner@example.com'));
    expect(saves[2]).toMatchObject({
      summary: 'Added the shipping zone "Oceania"',
      before: null,
      after: { name: 'Oceania', countries: ['NZ', 'AU'], regions: ['AU-TAS'], position: 3 },
    });
    expect(saves[1]).toMatchObject({
      before: { name: 'Oceania', countries: ['NZ', 'AU'], regions: ['AU-TAS'], position: 3 },
      after: { name: 'Australasia', countries: ['NZ', 'AU', 'FJ'], regions: [], position: 3 },
    });

    const method = ShippingMethod.parse(
      await ok('POST', `/api/shipping-zones/${added._id}/methods`, {
        name: 'Courier',
        price: 35,
        minDays: 4,
        maxDays: 8,
      }),
    );
    expect(
      ShippingZoneList.parse(await ok('GET', '/api/shipping-zones')).find(
        (z) => z._id === added._id,
      )!.methods,
    ).toEqual([method]);

    expect(await ok('DELETE', `/api/shipping-zones/${added._id}`)).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    // Its methods went with it.
    expect(
      await t.database.db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.zoneId, added._id)),
    ).toEqual([]);
    const [deleted] = (await audit('shipping-zone.delete')).filter((e) => e.targetId === added._id);
    expect(deleted).toMatchObject({
      actorEmail: 'owner@example.com',
      before: {
        name: 'Australasia',
        countries: ['NZ', 'AU', 'FJ'],
        position: 7,
        methods: [{ name: 'Courier', kind: 'flat', price: 35, days: { min: 4, max: 8 } }],
      },
      after: null,
    });

    expect(await failure('DELETE', `/api/shipping-zones/${added._id}`, undefined, 404)).toBe(
      'There is no such shipping zone.',
    );
    expect(await failure('PUT', `/api/shipping-zones/${added._id}`, { name: 'Gone' }, 404)).toBe(
      'There is no such shipping zone.',
    );
    expect(
      await failure(
        'POST',
        `/api/shipping-zones/${added._id}/methods`,
        { name: 'Courier', price: 1, minDays: 1, maxDays: 2 },
        404,
      ),
    ).toBe('There is no such shipping zone.');
  });

  it('refuses a zone with a wrong place or field, naming it, and allows a country in two zones', async () => {
    const { t } = shop();
    const zoneCount = async () => (await t.database.db.select().from(shippingZones)).length;
    const before = await zoneCount();
    // Places the contract's shape allows but ISO does not have: 422 naming the code and field.
    expect(
      await failure('POST', '/api/shipping-zones', { name: 'Bad', countries: ['US', 'XX'] }, 422),
    ).toBe(`"XX" is not a country's ISO 3166-1 two-letter code (body field "countries.1")`);
    expect(
      await failure('POST', '/api/shipping-zones', { name: 'Bad', regions: ['US-ZZ'] }, 422),
    ).toBe(`"US-ZZ" is not a region of US (body field "regions.0")`);
    expect(
      await failure('POST', '/api/shipping-zones', { name: 'Bad', regions: ['QQ-AK'] }, 422),
    ).toBe(`"QQ" is not a country's ISO 3166-1 two-letter code (body field "regions.0")`);
    // Malformed fields: the contract's message and the field (400, as every route's schema).
    expect(await failure('POST', '/api/shipping-zones', { name: ' ', countries: [] }, 400)).toBe(
      'Name is Required (body field "name")',
    );
    expect(
      await failure('POST', '/api/shipping-zones', { name: 'Bad', countries: ['USA'] }, 400),
    ).toBe('A country is its two-letter ISO code (US, DE) (body field "countries.0")');
    expect(
      await failure('POST', '/api/shipping-zones', { name: 'Bad', regions: ['AK'] }, 400),
    ).toBe('A region is written as country-region (US-AK) (body field "regions.0")');
    const us = (await t.database.db.select().from(shippingZones))[0]!;
    expect(
      await failure('PUT', `/api/shipping-zones/${us.id}`, { name: 'US', countries: ['ZZ'] }, 422),
    ).toMatch(/"ZZ" is not a country's ISO/);
    expect(await zoneCount()).toBe(before);
    expect((await t.database.db.select().from(shippingZones))[0]).toEqual(us);

    // The same country in two zones is allowed: the matching rule picks one.
    const twice = ShippingZone.parse(
      await ok('POST', '/api/shipping-zones', { name: 'Also Germany', countries: ['DE'] }),
    );
    expect((await destination('DE')).zoneName).toBe('Europe');
    await ok('DELETE', `/api/shipping-zones/${twice._id}`);
  });
});
