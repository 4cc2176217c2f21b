import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AuditList,
  ShippingMethod,
  ShippingZone,
  ShippingZoneList,
  TaxExemption,
  TaxRate,
  TaxRateList,
  type AuditAction,
} from '@partsmith/contract';
import { shippingMethods, shippingZones, taxRates } from '../src/db/schema/index.ts';
import { destinationOf, exemptionOf } from '../src/modules/shipping/service.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

/** What migration 0020 seeded, as destinationOf answers it. */
const US_METHODS = [
  {
    name: 'Standard',
    kind: 'flat',
    priceCents: 990,
    perKgCents: 0,
    freeAboveCents: 50000,
    minDays: 3,
    maxDays: 5,
    position: 0,
  },
  {
    name: 'Express',
    kind: 'flat',
    priceCents: 2490,
    perKgCents: 0,
    freeAboveCents: null,
    minDays: 1,
    maxDays: 2,
    position: 1,
  },
];
const TEXAS = { name: 'Texas sales tax', rate: 8.25, shippingTaxed: true };

describe.each(DB_KINDS)('shipping zones, methods, tax rates and exemptions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: { cookie: string; user: { id: string; email: string } };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    customer = await signUp(t, { email: 'buyer@example.com', name: 'Buyer' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    cookie: string | null = admin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body ? { payload: body } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const failure = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: object | undefined,
    status: number,
  ) => {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().message as string;
  };
  const audit = async (action: AuditAction) =>
    AuditList.parse((await call('GET', `/api/audit-log?action=${action}`)).json() as unknown);
  const destination = (country: string, region: string | null = null) =>
    destinationOf(t.database.db, country, region);
  const names = (methods: { name: string }[]) => methods.map((m) => m.name);

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

  it('adds, changes and deletes a method in dollars, stored in cents, each audited', async () => {
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

  it('adds, changes and deletes tax rates, a place only once (409), each audited', async () => {
    const germany = TaxRate.parse(
      await ok('POST', '/api/tax-rates', { country: 'de', name: 'Umsatzsteuer', rate: 19 }),
    );
    expect(germany).toMatchObject({ country: 'DE', region: null, rate: 19, shippingTaxed: false });
    const bavaria = TaxRate.parse(
      await ok('POST', '/api/tax-rates', {
        country: 'DE',
        region: 'by',
        name: 'Bavarian surcharge',
        rate: '0.1234',
        shippingTaxed: true,
      }),
    );
    expect(bavaria).toMatchObject({ region: 'BY', rate: 0.1234, shippingTaxed: true });
    // Stored as given in the numeric column.
    const [stored] = await t.database.db
      .select()
      .from(taxRates)
      .where(eq(taxRates.id, bavaria._id));
    expect(Number(stored!.rate)).toBe(0.1234);
    expect(
      TaxRateList.parse(await ok('GET', '/api/tax-rates')).map((r) => `${r.country}-${r.region}`),
    ).toEqual(['DE-null', 'DE-BY', 'US-TX']);

    // One rate a place: the whole country once, each region once.
    expect(
      await failure('POST', '/api/tax-rates', { country: 'DE', name: 'Again', rate: 7 }, 409),
    ).toBe(
      'There is already a tax rate for the whole of DE; change that one instead of adding another.',
    );
    expect(
      await failure(
        'POST',
        '/api/tax-rates',
        { country: 'US', region: 'TX', name: 'Again', rate: 7 },
        409,
      ),
    ).toBe('There is already a tax rate for US-TX; change that one instead of adding another.');
    // Moving a rate onto a place that has one is the same conflict.
    expect(
      await failure(
        'PUT',
        `/api/tax-rates/${bavaria._id}`,
        { country: 'US', region: 'TX', name: 'Moved', rate: 1 },
        409,
      ),
    ).toBe('There is already a tax rate for US-TX; change that one instead of adding another.');

    const changed = TaxRate.parse(
      await ok('PUT', `/api/tax-rates/${germany._id}`, {
        country: 'DE',
        name: 'Umsatzsteuer',
        rate: 7,
        shippingTaxed: true,
      }),
    );
    expect(changed).toMatchObject({ rate: 7, shippingTaxed: true });
    const saves = (await audit('tax-rate.save')).filter((e) => e.targetId === germany._id);
    expect(saves[0]).toMatchObject({
      actorEmail: 'owner@example.com',
      before: { country: 'DE', region: null, rate: 19, shippingTaxed: false },
      after: { country: 'DE', region: null, rate: 7, shippingTaxed: true },
    });
    expect(saves[1]).toMatchObject({ before: null, after: { rate: 19 } });
    // The refused changes wrote nothing.
    expect(saves).toHaveLength(2);

    // Wrong places and fields, each named.
    const bad = (body: object, status: number) => failure('POST', '/api/tax-rates', body, status);
    expect(await bad({ country: 'XX', name: 'X', rate: 1 }, 422)).toBe(
      `"XX" is not a country's ISO 3166-1 two-letter code (body field "country")`,
    );
    expect(await bad({ country: 'US', region: 'ZZ', name: 'X', rate: 1 }, 422)).toBe(
      `"ZZ" is not a region of US (body field "region")`,
    );
    expect(await bad({ country: 'US', name: 'X', rate: 101 }, 400)).toBe(
      'Rate is at most 100% (body field "rate")',
    );
    expect(await bad({ country: 'US', name: 'X', rate: 1.23456 }, 400)).toBe(
      'Rate has at most four decimals (body field "rate")',
    );
    expect(await bad({ country: 'US', name: '', rate: 1 }, 400)).toBe(
      'Name is Required (body field "name")',
    );

    for (const rate of [germany, bavaria])
      expect(await ok('DELETE', `/api/tax-rates/${rate._id}`)).toEqual({
        acknowledged: true,
        deletedCount: 1,
      });
    const [gone] = (await audit('tax-rate.delete')).filter((e) => e.targetId === bavaria._id);
    expect(gone).toMatchObject({ before: { region: 'BY', rate: 0.1234 }, after: null });
    expect(await failure('DELETE', `/api/tax-rates/${bavaria._id}`, undefined, 404)).toBe(
      'There is no such tax rate.',
    );
    expect(
      await failure(
        'PUT',
        `/api/tax-rates/${bavaria._id}`,
        { country: 'DE', name: 'X', rate: 1 },
        404,
      ),
    ).toBe('There is no such tax rate.');
  });

  it("records, replaces and ends a customer's tax exemption, audited; 404 for an unknown user", async () => {
    const url = `/api/users/${customer.user.email}/tax-exemption`;
    expect(await failure('GET', url, undefined, 404)).toBe(
      'buyer@example.com has no tax exemption.',
    );
    expect(await exemptionOf(t.database.db, customer.user.id)).toBeNull();

    const recorded = TaxExemption.parse(
      await ok('PUT', url, { certificate: ' TX-01-2345678 ', note: 'Resale certificate' }),
    );
    expect(recorded).toMatchObject({
      email: 'buyer@example.com',
      certificate: 'TX-01-2345678',
      note: 'Resale certificate',
      recordedBy: 'owner@example.com',
    });
    expect(TaxExemption.parse(await ok('GET', url))).toEqual(recorded);
    expect(await exemptionOf(t.database.db, customer.user.id)).toBe('TX-01-2345678');

    const replaced = TaxExemption.parse(await ok('PUT', url, { certificate: 'TX-99' }));
    expect(replaced).toMatchObject({ certificate: 'TX-99', note: '' });
    expect(await exemptionOf(t.database.db, customer.user.id)).toBe('TX-99');
    const saves = (await audit('tax-exemption.save')).filter(
      (e) => e.targetId === customer.user.id,
    );
    expect(saves.map((e) => e.summary)).toEqual([
      'Changed the tax exemption of buyer@example.com (certificate TX-99)',
      'Recorded a tax exemption for buyer@example.com (certificate TX-01-2345678)',
    ]);
    expect(saves[0]).toMatchObject({
      before: { certificate: 'TX-01-2345678', note: 'Resale certificate' },
      after: { certificate: 'TX-99', note: '', recordedBy: 'owner@example.com' },
    });

    expect(await failure('PUT', url, { certificate: 'X' }, 400)).toBe(
      'Give the certificate or resale number (body field "certificate")',
    );
    expect(await failure('PUT', url, {}, 400)).toBe(
      'Certificate is Required (body field "certificate")',
    );

    expect(await ok('DELETE', url)).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await exemptionOf(t.database.db, customer.user.id)).toBeNull();
    expect(await failure('GET', url, undefined, 404)).toBe(
      'buyer@example.com has no tax exemption.',
    );
    expect(await failure('DELETE', url, undefined, 404)).toBe(
      'buyer@example.com has no tax exemption.',
    );
    const [ended] = (await audit('tax-exemption.delete')).filter(
      (e) => e.targetId === customer.user.id,
    );
    expect(ended).toMatchObject({
      actorEmail: 'owner@example.com',
      before: { certificate: 'TX-99' },
      after: null,
    });

    const unknown = '/api/users/nobody@example.com/tax-exemption';
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { certificate: 'TX-1' }],
      ['DELETE', undefined],
    ] as const)
      expect(await failure(method, unknown, body, 404)).toBe('No account uses that e-mail.');
    expect(await failure('GET', '/api/users/not-an-email/tax-exemption', undefined, 400)).toMatch(
      /params field "email"/,
    );
  });

  it('finds a destination its zone and rates: the most specific zone, both rates', async () => {
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
