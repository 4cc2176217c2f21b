import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { AddressList, InsertedAnswer } from '@partsmith/contract';
import { addresses } from '../src/db/schema/index.ts';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, type DbKind, type TestApp } from './helpers.ts';

// What the suites of the address book share: address-book.test.ts (its addresses, whose they
// are, its default and its limit) and address-fields.test.ts (each field as checked and stored,
// an address as one text, the countries).

export type Customer = { cookie: string; user: { id: string; email: string } };

/** A valid US address as a customer writes it (a national phone number, a lower-case code). */
export const TEXAS = {
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
export const BERLIN = {
  name: 'Ben Käufer',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '030 1234567',
  taxId: '136 695 976',
};

/** The address book suites' shop: Ann and Ben its customers. */
export interface AddressBookShop {
  t: TestApp;
  ann: Customer;
  ben: Customer;
}

/**
 * The shop of the `describe` that calls this, on a fresh database: opened before its tests,
 * closed after them; `shop()` answers it once it is open. With the calls the suites make on it.
 */
export function addressBookSuite(kind: DbKind) {
  let opened: AddressBookShop;
  beforeAll(async () => {
    const t = await buildTestApp(kind);
    const ann = await signUp(t, { email: 'ann@example.com', name: 'Ann Buyer' });
    const ben = await signUp(t, { email: 'ben@example.com', name: 'Ben Buyer' });
    opened = { t, ann, ben };
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  let emails = 0;
  /** A new customer, for the tests that need an empty address book. */
  const newcomer = () => signUp(shop().t, { email: `newcomer${++emails}@example.com` });
  const post = (who: Customer, payload: object) =>
    shop().t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: who.cookie },
      payload,
    });
  const put = (who: Customer, id: string, payload: object) =>
    shop().t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${id}`,
      headers: { cookie: who.cookie },
      payload,
    });
  const remove = (who: Customer, id: string) =>
    shop().t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${id}`,
      headers: { cookie: who.cookie },
    });
  const list = async (who: Customer) => {
    const res = await shop().t.app.inject({
      url: '/api/addresses',
      headers: { cookie: who.cookie },
    });
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
    (await shop().t.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;
  return { shop, newcomer, post, put, remove, list, add, rowOf };
}
