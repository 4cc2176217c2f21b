import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TaxExemption, TaxRate, TaxRateList } from '@partsmith/contract';
import { taxRates } from '../src/db/schema/index.ts';
import { exemptionOf } from '../src/modules/shipping/service.ts';
import { DB_KINDS } from './helpers.ts';
import { shippingAdminSuite } from './shipping-admin-helpers.ts';

// The taxes the admin sets: the sales tax rates of places, and a customer's tax exemption. Which
// rates a place gets is shipping-destination.test.ts's.
describe.each(DB_KINDS)('shipping zones, methods, tax rates and exemptions on %s', (kind) => {
  const { shop, ok, failure, audit } = shippingAdminSuite(kind);

  it('adds, changes and deletes tax rates, a place only once (409), each audited', async () => {
    const { t } = shop();
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
    const { t, customer } = shop();
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
});
