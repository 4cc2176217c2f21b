import { expect } from 'vitest';
import type { AddressBody } from '@partsmith/contract';
import type { TestApp } from './helpers.ts';

/** A shipping address in Texas (the shop's home state: 8.25% sales tax, shipping taxed). */
export const TEXAS: AddressBody = {
  name: 'Alice Buyer',
  line1: '500 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
};

/** One in California (no sales tax rate seeded). */
export const CALIFORNIA: AddressBody = {
  ...TEXAS,
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  phone: '+1 415 555 0100',
};

/** One in Germany (the Europe zone), with a VAT number. */
export const GERMANY: AddressBody = {
  name: 'Max Käufer',
  company: 'Werkstatt GmbH',
  line1: 'Alexanderplatz 1',
  city: 'Berlin',
  postalCode: '10178',
  country: 'DE',
  phone: '+49 30 1234567',
  taxId: 'DE136695976',
};

/** Adds `address` to the signed-in account's address book; answers its id. */
export async function addAddress(
  t: TestApp,
  cookie: string,
  address: AddressBody = TEXAS,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: { cookie },
    payload: address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}

/**
 * The account's address to ship to, added once per account (`cookie`) and app: the checkouts of
 * a suite ship to one Texas address unless they say otherwise.
 */
export function addressBook(t: () => TestApp) {
  const ids = new WeakMap<TestApp, Map<string, Promise<string>>>();
  return (cookie: string, address: AddressBody = TEXAS) => {
    const app = t();
    const mine = ids.get(app) ?? new Map<string, Promise<string>>();
    ids.set(app, mine);
    const key = `${cookie}\n${JSON.stringify(address)}`;
    const known = mine.get(key);
    if (known) return known;
    const added = addAddress(app, cookie, address);
    mine.set(key, added);
    return added;
  };
}
