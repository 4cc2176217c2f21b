import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { stockAlerts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { signUp } from './auth-helpers.ts';
import { NO_LIMITS, buildTestApp, type DbKind, type TestApp } from './helpers.ts';

// What the suites of stock alerts share: stock-alerts-subscribe.test.ts (asking for one,
// confirming and cancelling it, the limits), stock-alerts-restock.test.ts (the back-in-stock
// mails) and part-lead-time.test.ts.

/**
 * The app's mail, kept as sent; `refuse` makes the back-in-stock mails to an address fail with an
 * SMTP code (4xx: for now, 5xx: for good).
 */
function testMailer() {
  const sent: MailMessage[] = [];
  const refuse = new Map<string, number>();
  const mailer: Mailer = {
    target: 'test',
    async send(message) {
      const code = refuse.get(message.to);
      if (code && message.subject.startsWith('Back in stock'))
        throw Object.assign(new Error(`${code} refused`), { responseCode: code });
      sent.push(message);
    },
    close() {},
  };
  return { sent, refuse, mailer, mails: () => sent.map((m) => `To: ${m.to}\n\n${m.text}`) };
}

type Customer = { cookie: string; user: { id: string; email: string } };

/**
 * The stock alert suites' shop: owner@example.com its admin (`owner`: the cookie), Ann and Ben
 * its customers, and a newcomer who has not confirmed their address.
 */
export interface StockAlertShop {
  t: TestApp;
  owner: string;
  ann: Customer;
  ben: Customer;
  newcomer: Customer;
}

/**
 * The shop of the `describe` that calls this, on a fresh database: opened before its tests,
 * closed after them; `shop()` answers it once it is open. With its mail (`sent`, `refuse`) and
 * the calls the suites make on it.
 */
export function stockAlertsSuite(kind: DbKind) {
  let opened: StockAlertShop;
  const { sent, refuse, mailer, mails } = testMailer();
  // Each request from an address of its own, so that only the limit's own test meets the limit.
  let ips = 0;
  const nextIp = () => `198.51.100.${(ips++ % 250) + 1}`;

  beforeAll(async () => {
    const t = await buildTestApp(kind, {
      // The shop's own limit on stock alerts (NO_LIMITS lifts the others).
      env: {
        ADMIN_EMAILS: 'owner@example.com',
        RATE_LIMITS: `${NO_LIMITS.RATE_LIMITS},stock-alert=20/10m`,
      },
      deps: { mailer },
    });
    opened = {
      t,
      owner: (await signUp(t, { email: 'owner@example.com', mails })).cookie,
      ann: await signUp(t, { email: 'ann@example.com', name: 'Ann Buyer', mails }),
      ben: await signUp(t, { email: 'ben@example.com', name: 'Ben Buyer', mails }),
      newcomer: await signUp(t, { email: 'new@example.com', confirm: false, mails }),
    };
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  const db = () => shop().t.database.db;
  const outOfStock = (name = 'Alert Board') =>
    insertPart(db(), { name, availableQuantity: 0, priceCents: 18_950 });
  const subscribe = (partId: string, opts: { cookie?: string; body?: object; ip?: string } = {}) =>
    shop().t.app.inject({
      method: 'POST',
      url: `/api/parts/${partId}/stock-alerts`,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      ...(opts.body ? { payload: opts.body } : {}),
      remoteAddress: opts.ip ?? nextIp(),
    });
  const cancel = (partId: string, opts: { cookie?: string; token?: string } = {}) =>
    shop().t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${partId}/stock-alerts${opts.token ? `?token=${opts.token}` : ''}`,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: nextIp(),
    });
  const alerts = (partId: string) =>
    db().select().from(stockAlerts).where(eq(stockAlerts.partId, partId));
  const patch = (id: string, body: object) =>
    shop().t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: shop().owner },
      payload: body,
    });
  const confirmations = (to: string) =>
    sent.filter((m) => m.to === to && m.subject.startsWith('Confirm your stock alert'));
  const backInStock = (to?: string) =>
    sent.filter((m) => m.subject.startsWith('Back in stock') && (!to || m.to === to));
  /** The links of the newest confirmation mail to `to`: confirm and cancel, path and query. */
  const linksTo = (to: string) => {
    const text = confirmations(to).at(-1)?.text ?? '';
    const at = (pattern: RegExp) => {
      const url = new URL(pattern.exec(text)![0]);
      return { path: url.pathname + url.search, url };
    };
    return {
      confirm: at(/https?:\/\/\S+\/api\/stock-alerts\/confirm\?\S+/),
      cancel: at(/https?:\/\/\S+\/parts\/[0-9a-f-]+\?alert=cancel&token=\S+/),
    };
  };
  const follow = (path: string) => shop().t.app.inject({ method: 'GET', url: path });
  return {
    shop,
    refuse,
    db,
    outOfStock,
    subscribe,
    cancel,
    alerts,
    patch,
    confirmations,
    backInStock,
    linksTo,
    follow,
  };
}
