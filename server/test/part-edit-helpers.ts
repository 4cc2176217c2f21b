import { afterAll, beforeAll, expect } from 'vitest';
import { AdminPart, AuditList } from '@partsmith/contract';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, recordingMailer, type DbKind, type TestApp } from './helpers.ts';

// Issue 48: an admin edits every field of a part (part-edit-fields.test.ts), and renames,
// changes and deletes categories (category-edit.test.ts). What the two suites share.

export const MEMORY_KIT = {
  name: 'Editable DDR5 kit',
  description: 'Two 16 GB modules for the edit tests.',
  image: '/images/parts/tool-driver-kit.svg',
  price: 129.99,
  availableQuantity: 40,
  minOrderQuantity: 1,
  category: 'memory',
  attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
};

/**
 * The editing suites' shop: owner@example.com its admin (`admin`: the cookie), Cara a customer
 * (`customer`), its mail kept in `mail`.
 */
export interface PartEditShop {
  t: TestApp;
  admin: string;
  customer: string;
  mail: ReturnType<typeof recordingMailer>;
}

/**
 * The shop of the `describe` that calls this, on a fresh database: opened before its tests,
 * closed after them; `shop()` answers it once it is open. With the calls the suites make on it,
 * as the admin.
 */
export function partEditSuite(kind: DbKind) {
  let opened: PartEditShop;
  beforeAll(async () => {
    const mail = recordingMailer();
    const t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com' },
      deps: { mailer: mail.mailer },
    });
    const { mails } = mail;
    const admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner', mails })).cookie;
    const customer = (await signUp(t, { email: 'cara@example.com', name: 'Cara', mails })).cookie;
    opened = { t, admin, customer, mail };
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    shop().t.app.inject({
      method,
      url,
      headers: { cookie: shop().admin },
      ...(payload ? { payload } : {}),
    });
  const put = (id: string, body: object) => call('PUT', `/api/parts/${id}`, body);
  const add = async (body: object = MEMORY_KIT) => {
    const res = await call('POST', '/api/addParts', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };
  const stored = async (id: string) => {
    const res = await call('GET', `/api/parts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminPart.parse(res.json());
  };
  const audit = async (action: string) =>
    AuditList.parse((await call('GET', `/api/audit-log?action=${action}`)).json());
  return { shop, call, put, add, stored, audit };
}
