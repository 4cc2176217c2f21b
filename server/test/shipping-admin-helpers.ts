import { afterAll, beforeAll, expect } from 'vitest';
import { AuditList, type AuditAction } from '@partsmith/contract';
import { destinationOf } from '../src/modules/shipping/service.ts';
import { buildTestApp, type DbKind, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

// What the suites of the shipping and tax admin share: shipping-zones-admin.test.ts,
// shipping-methods-admin.test.ts, tax-admin.test.ts (rates and exemptions) and
// shipping-destination.test.ts.

/** What migration 0020 seeded, as destinationOf answers it. */
export const US_METHODS = [
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
export const TEXAS = { name: 'Texas sales tax', rate: 8.25, shippingTaxed: true };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The admin suites' shop: owner@example.com its admin (`admin`: the cookie), one customer. */
export interface ShippingAdminShop {
  t: TestApp;
  admin: string;
  customer: { cookie: string; user: { id: string; email: string } };
}

/**
 * The shop of the `describe` that calls this, on a fresh database (the zones, methods and Texas
 * rate its migrations seed) with its admin and a customer signed up: opened before its tests,
 * closed after them; `shop()` answers it once it is open. With the calls the suites make on it,
 * as the admin unless they say otherwise.
 */
export function shippingAdminSuite(kind: DbKind) {
  let opened: ShippingAdminShop;
  beforeAll(async () => {
    const t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    const admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    const customer = await signUp(t, { email: 'buyer@example.com', name: 'Buyer' });
    opened = { t, admin, customer };
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  const call = (method: Method, url: string, body?: object, cookie: string | null = shop().admin) =>
    shop().t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body ? { payload: body } : {}),
    });
  const ok = async (method: Method, url: string, body?: object) => {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const failure = async (method: Method, url: string, body: object | undefined, status: number) => {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().message as string;
  };
  const audit = async (action: AuditAction) =>
    AuditList.parse((await call('GET', `/api/audit-log?action=${action}`)).json() as unknown);
  const destination = (country: string, region: string | null = null) =>
    destinationOf(shop().t.database.db, country, region);
  const names = (methods: { name: string }[]) => methods.map((m) => m.name);
  return { shop, call, ok, failure, audit, destination, names };
}
