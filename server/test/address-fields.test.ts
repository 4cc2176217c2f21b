import { describe, expect, it } from 'vitest';
import { CountryList, type Address } from '@partsmith/contract';
import {
  countryName,
  findAddress,
  formatAddress,
  toApiAddress,
} from '../src/modules/addresses/service.ts';
import { DB_KINDS } from './helpers.ts';
import { BERLIN, TEXAS, addressBookSuite } from './address-book-helpers.ts';

// An address's fields as the address book checks and stores them (phone numbers in E.164,
// regions, postal codes and tax IDs as people write them, a 422 naming a wrong one), an address
// written as one text, and the countries the forms offer. The book itself is
// address-book.test.ts's.
describe.each(DB_KINDS)('the address book on %s', (kind) => {
  const { shop, newcomer, post, put, remove, list, add, rowOf } = addressBookSuite(kind);

  it('stores phone numbers in E.164, read as numbers of the address’s country unless they start with +', async () => {
    const who = await newcomer();
    const cases: [object, string][] = [
      [TEXAS, '+15125550147'],
      [{ ...TEXAS, phone: '512.555.0147' }, '+15125550147'],
      [{ ...TEXAS, phone: '+1 512 555 0147' }, '+15125550147'],
      [BERLIN, '+49301234567'],
      // A number of another country, written with its country code.
      [{ ...TEXAS, phone: '+44 20 7946 0958' }, '+442079460958'],
    ];
    for (const [body, e164] of cases) {
      const id = await add(who, body);
      expect((await rowOf(id)).phone).toBe(e164);
    }
  });

  it('answers 422 naming the field for a wrong country, region, postal code, phone or tax ID', async () => {
    const wrong: [object, string | RegExp][] = [
      [{ ...TEXAS, country: 'ZZ' }, /^Country ZZ /],
      [{ ...TEXAS, region: 'XX' }, 'Region XX is not a region of United States'],
      [{ ...TEXAS, region: null }, 'Region is Required for an address in United States'],
      [{ ...TEXAS, region: '' }, /^Region is Required/],
      // Texas is a state of the US, not of Canada; Germany's regions are its Länder.
      [{ ...TEXAS, country: 'CA', postalCode: 'K1A 0B1' }, /^Region TX is not a region of Canada/],
      [{ ...BERLIN, region: 'TX' }, /^Region TX is not a region of Germany/],
      [
        { ...TEXAS, postalCode: '7875' },
        'Postal code 7875 is not a valid postal code for United States',
      ],
      [{ ...BERLIN, postalCode: 'SW1A 1AA' }, /^Postal code SW1A 1AA /],
      [{ ...TEXAS, phone: '12345' }, /^Phone number 12345 .*United States/],
      [{ ...TEXAS, phone: '+1 555' }, 'Phone number +1 555 is not a valid phone number'],
      [{ ...BERLIN, phone: '0301' }, /^Phone number 0301 /],
      // A VAT number with a wrong check digit, one of another country, a letter in a US tax ID.
      [{ ...BERLIN, taxId: 'DE136695977' }, /^Tax ID DE136695977 is not a valid VAT number/],
      [{ ...BERLIN, taxId: 'ATU13585627' }, /^Tax ID ATU13585627 .*Germany/],
      [{ ...TEXAS, taxId: '12#345' }, /^Tax ID 12#345 may hold only/],
    ];
    const who = await newcomer();
    const id = await add(who, TEXAS);
    for (const [body, message] of wrong) {
      for (const res of [await post(who, body), await put(who, id, body)]) {
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
        expect(res.json().message).toMatch(message);
      }
    }
    // Nothing was stored or changed.
    expect((await list(who)).map((a) => [a.city, a.phone])).toEqual([['Austin', '+15125550147']]);

    // The contract's shapes answer 400 before any of this.
    expect((await post(who, { ...TEXAS, country: 'USA' })).statusCode).toBe(400);
    expect((await post(who, { ...TEXAS, phone: '' })).statusCode).toBe(400);
  });

  it('takes the forms people write: regions and postal codes in any case, VAT numbers with or without their prefix', async () => {
    const who = await newcomer();
    const ok: [object, Partial<Address>][] = [
      [
        { ...TEXAS, country: 'CA', region: 'on', postalCode: 'k1a  0b1', phone: '613 555 0100' },
        {
          region: 'ON',
          postalCode: 'K1A 0B1',
          phone: '+16135550100',
        },
      ],
      [{ ...BERLIN, taxId: 'de 136.695.976' }, { taxId: 'DE136695976' }],
      [
        { ...BERLIN, taxId: 'DE136695976', region: 'BY' },
        { taxId: 'DE136695976', region: 'BY' },
      ],
      // Greece's VAT numbers start with EL; Austria's with ATU.
      [
        {
          ...BERLIN,
          country: 'GR',
          postalCode: '105 57',
          phone: '+30 21 0123 4567',
          taxId: '094259216',
        },
        { taxId: 'EL094259216' },
      ],
      [
        { ...BERLIN, country: 'AT', postalCode: '1010', phone: '+43 1 234567', taxId: 'U13585627' },
        { taxId: 'ATU13585627' },
      ],
      [
        {
          ...BERLIN,
          country: 'GB',
          postalCode: 'sw1a 1aa',
          phone: '020 7946 0958',
          taxId: '980 7806 84',
        },
        { postalCode: 'SW1A 1AA', phone: '+442079460958', taxId: 'GB980780684' },
      ],
      // Elsewhere a tax ID is kept as written; a region is optional where it is not required.
      [
        {
          ...TEXAS,
          country: 'MX',
          region: null,
          postalCode: '06000',
          phone: '+52 55 1234 5678',
          taxId: 'ABC-010203/A1',
        },
        {
          taxId: 'ABC-010203/A1',
          region: null,
        },
      ],
    ];
    for (const [body, stored] of ok) {
      const res = await post(who, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(201);
      const id = res.json().insertedId as string;
      expect(toApiAddress(await rowOf(id))).toMatchObject(stored);
    }
  });

  it('writes an address as one text for an order, with the country’s English name', async () => {
    const { t, ann } = shop();
    const id = await add(ann, TEXAS);
    const row = (await findAddress(t.database.db, ann.user.id, id))!;
    expect(formatAddress(row)).toBe(
      'Ann Buyer, Acme Workshop, 100 Congress Avenue, Suite 200, Austin, TX 78701, United States',
    );
    expect(formatAddress({ ...row, company: null, line2: null, region: null, country: 'DE' })).toBe(
      'Ann Buyer, 100 Congress Avenue, Austin, 78701, Germany',
    );
    expect(countryName('US')).toBe('United States');
    expect(countryName('ZZ')).toBe('ZZ');
    await remove(ann, id);
  });

  it('lists every country with its regions for anyone, sorted by name, cacheable', async () => {
    const { t, ann } = shop();
    const res = await t.app.inject({ url: '/api/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const countries = CountryList.parse(res.json());
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const byCode = new Map(countries.map((c) => [c.code, c]));
    const us = byCode.get('US')!;
    expect(us).toMatchObject({ name: 'United States', regionRequired: true });
    expect(us.regions).toContainEqual({ code: 'TX', name: 'Texas' });
    for (const code of ['CA', 'AU']) expect(byCode.get(code)!.regionRequired).toBe(true);
    expect(byCode.get('DE')).toMatchObject({ name: 'Germany', regionRequired: false });
    expect(byCode.get('DE')!.regions).toContainEqual({ code: 'BY', name: 'Bayern' });
    // Codes without the country, even where the library writes it (Denmark's DK-84).
    expect(byCode.get('DK')!.regions.map((r) => r.code)).toContain('84');
    expect(countries.flatMap((c) => c.regions).every((r) => /^[A-Z0-9]{1,6}$/.test(r.code))).toBe(
      true,
    );
    // Signed in, the answer is the same.
    const signedIn = await t.app.inject({ url: '/api/countries', headers: { cookie: ann.cookie } });
    expect(signedIn.body).toBe(res.body);
  });
});
