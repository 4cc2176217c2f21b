import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Address, AddressList, CountryList, InsertedAnswer } from '@partsmith/contract';
import { addresses } from '../src/db/schema/index.ts';
import {
  countryName,
  findAddress,
  formatAddress,
  toApiAddress,
} from '../src/modules/addresses/service.ts';
import { signUp } from './auth-helpers.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';

type Customer = { cookie: string; user: { id: string; email: string } };

/** A valid US address as a customer writes it (a national phone number, a lower-case code). */
const TEXAS = {
  name: 'Ann Buyer',
  company: 'Acme Workshop',
  line1: '100 Congress Avenue',
  line2: 'Suite 200',
  city: 'Austin',
  region: 'tx',
  postalCode: '78701',
  country: 'us',
  phone: '(512) 555-0147',
  taxId: '',
};

/** A valid German address with a VAT number written without its prefix. */
const BERLIN = {
  name: 'Ben Käufer',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '030 1234567',
  taxId: '136 695 976',
};

describe.each(DB_KINDS)('the address book on %s', (kind) => {
  let t: TestApp;
  let ann: Customer;
  let ben: Customer;
  let emails = 0;
  /** A new customer, for the tests that need an empty address book. */
  const newcomer = () => signUp(t, { email: `newcomer${++emails}@example.com` });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ann = await signUp(t, { email: 'ann@example.com', name: 'Ann Buyer' });
    ben = await signUp(t, { email: 'ben@example.com', name: 'Ben Buyer' });
  });
  afterAll(() => t.close());

  const post = (who: Customer, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: who.cookie },
      payload,
    });
  const put = (who: Customer, id: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${id}`,
      headers: { cookie: who.cookie },
      payload,
    });
  const remove = (who: Customer, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${id}`,
      headers: { cookie: who.cookie },
    });
  const list = async (who: Customer) => {
    const res = await t.app.inject({ url: '/api/addresses', headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return AddressList.parse(res.json());
  };
  /** Adds an address and answers its id. */
  const add = async (who: Customer, payload: object) => {
    const res = await post(who, payload);
    expect(res.statusCode, res.body).toBe(201);
    return InsertedAnswer.parse(res.json()).insertedId;
  };
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;

  it('adds, lists, replaces and deletes an address, stored as checked (E.164, upper-case codes)', async () => {
    const res = await post(ann, TEXAS);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const id = res.json().insertedId as string;

    const stored = {
      _id: id,
      name: 'Ann Buyer',
      company: 'Acme Workshop',
      line1: '100 Congress Avenue',
      line2: 'Suite 200',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '+15125550147',
      taxId: null,
      isDefault: true,
    };
    expect(await list(ann)).toEqual([stored]);
    expect(await rowOf(id)).toMatchObject({ userId: ann.user.id, phone: '+15125550147' });

    // PUT takes the whole address: what it leaves out is gone.
    const changed = await put(ann, id, {
      ...BERLIN,
      name: 'Ann Buyer',
      postalCode: '10117 ',
      phone: '+49 30 1234567',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = Address.parse(changed.json());
    expect(answer).toEqual({
      _id: id,
      name: 'Ann Buyer',
      company: null,
      line1: 'Unter den Linden 1',
      line2: null,
      city: 'Berlin',
      region: null,
      postalCode: '10117',
      country: 'DE',
      phone: '+49301234567',
      taxId: 'DE136695976',
      isDefault: true,
    });
    expect(await list(ann)).toEqual([answer]);

    const gone = await remove(ann, id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(await list(ann)).toEqual([]);
    expect((await remove(ann, id)).statusCode).toBe(404);
  });

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

  it('lets only the owner see, change or delete an address: any other account gets 404 as for a missing one', async () => {
    const id = await add(ann, TEXAS);
    const missing = crypto.randomUUID();

    const theirs = await put(ben, id, BERLIN);
    const none = await put(ben, missing, BERLIN);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    const deleted = await remove(ben, id);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual((await remove(ben, missing)).json());
    expect(await list(ben)).toEqual([]);

    // Ann's address is as it was; anonymous callers are asked to sign in.
    expect((await rowOf(id)).city).toBe('Austin');
    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/addresses', payload: TEXAS })).statusCode,
    ).toBe(401);

    // The checkout's look-up is the owner's only too.
    expect(await findAddress(t.database.db, ann.user.id, id)).toMatchObject({ id });
    expect(await findAddress(t.database.db, ben.user.id, id)).toBeNull();
    await remove(ann, id);
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

  it('keeps one default: the first address, or the one made so; deleting it hands it to the newest left', async () => {
    const who = await newcomer();
    const first = await add(who, { ...TEXAS, line1: '1 First Street' });
    const second = await add(who, { ...TEXAS, line1: '2 Second Street' });
    const third = await add(who, { ...TEXAS, line1: '3 Third Street', isDefault: false });
    const order = async () => (await list(who)).map((a) => [a._id, a.isDefault]);
    // The default first, then the newest.
    expect(await order()).toEqual([
      [first, true],
      [third, false],
      [second, false],
    ]);

    // A new address sent as the default takes it over.
    const fourth = await add(who, { ...TEXAS, line1: '4 Fourth Street', isDefault: true });
    expect(await order()).toEqual([
      [fourth, true],
      [third, false],
      [second, false],
      [first, false],
    ]);

    // So does a changed one; false on the default keeps it (there is always one).
    expect((await put(who, second, { ...TEXAS, isDefault: true })).json().isDefault).toBe(true);
    expect((await put(who, second, { ...TEXAS, isDefault: false })).json().isDefault).toBe(true);
    expect((await put(who, third, { ...TEXAS, isDefault: false })).json().isDefault).toBe(false);
    expect(await order()).toEqual([
      [second, true],
      [fourth, false],
      [third, false],
      [first, false],
    ]);

    // Deleting the default: the most recently created address left becomes it.
    expect((await remove(who, second)).statusCode).toBe(204);
    expect(await order()).toEqual([
      [fourth, true],
      [third, false],
      [first, false],
    ]);
    // Deleting another leaves the default where it is.
    expect((await remove(who, third)).statusCode).toBe(204);
    expect(await order()).toEqual([
      [fourth, true],
      [first, false],
    ]);
    await remove(who, fourth);
    expect(await order()).toEqual([[first, true]]);
    await remove(who, first);
    expect(await order()).toEqual([]);
    // An empty book's next address is its default again.
    const again = await add(who, TEXAS);
    expect(await order()).toEqual([[again, true]]);
  });

  it('keeps one default when several addresses are added at once', async () => {
    const who = await newcomer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(who, { ...TEXAS, line1: `${i + 1} Parallel Street`, isDefault: i % 2 === 0 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const book = await list(who);
    expect(book).toHaveLength(6);
    expect(book.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('holds at most 20 addresses an account, with a clear 422 past them', async () => {
    const who = await newcomer();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(await add(who, { ...TEXAS, line1: `${i + 1} Full Street` }));
    const full = await post(who, TEXAS);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      'Your address book is full: it holds at most 20 addresses. Delete one you no longer use first.',
    );
    expect(await list(who)).toHaveLength(20);
    // Changing one is still fine; after a delete there is room for one more.
    expect((await put(who, ids[3]!, BERLIN)).statusCode).toBe(200);
    expect((await remove(who, ids[0]!)).statusCode).toBe(204);
    await add(who, TEXAS);
    expect((await post(who, TEXAS)).statusCode).toBe(422);
  });

  it('writes an address as one text for an order, with the country’s English name', async () => {
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
