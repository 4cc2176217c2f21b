import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { loggerOptions } from '../../src/plugins/logging.ts';
import { newestLink, VERIFY_EMAIL_PATH } from '../../../scripts/mail-links.mjs';
import { buildTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { startStripeMock } from '../stripe-mock.ts';

/** One JSON log line as pino wrote it. */
export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

export interface LiveAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- like inject()'s json(): the assertions check it
  json(): any;
}

export interface Caller {
  email: string;
  password: string;
  cookie: string;
  token: string;
  id: string;
}

export interface Call {
  method?: string;
  path: string;
  /** JSON-encoded unless it is a string or FormData (sent as is). */
  body?: unknown;
  /** The Content-Type of a string body (a CSV import). */
  contentType?: string;
  headers?: Record<string, string>;
  as?: Caller | null;
}

export interface LiveApp extends TestApp {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Every line the app logged, as raw text (for secret scans) and parsed. */
  rawLog: string[];
  logs(): LogLine[];
  call(c: Call): Promise<LiveAnswer>;
  signUp(email: string, password?: string): Promise<Caller>;
  signIn(email: string, password: string): Promise<string>;
  /** A part in the catalogue and an unpaid order of `who` for it. */
  order(who: Caller, options?: { priceCents?: number; quantity?: number }): Promise<string>;
  orderRow(id: string): Promise<typeof orders.$inferSelect>;
}

/**
 * The payment providers a security server can run with: the built-in test processor, or Stripe
 * (a local Stripe-speaking server) with its signed webhook at /api/webhooks/stripe.
 */
export type Payments = 'test' | 'stripe';
export const PAYMENTS: Payments[] = ['test', 'stripe'];
export const SUITE_WEBHOOK_SECRET = 'whsec_partsmith_security_suites';

/** A shop behind a TLS proxy: PUBLIC_URL is https and the proxy says X-Forwarded-Proto: https. */
export const BEHIND_TLS = { PUBLIC_URL: 'https://shop.example.test', TRUST_PROXY: '127.0.0.1' };
export const TLS_HEADERS = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'shop.example.test',
};

export const PASSWORD = 'a long enough passphrase 123';

/** The Cookie header a browser would send after an answer with these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The real app (buildTestApp) listening on a loopback port, logging at info level into memory,
 * called over real HTTP with fetch (keep-alive). Browser-like calls send the shop's Origin.
 */
export async function startLiveApp(
  kind: DbKind,
  options: { env?: Record<string, string>; payments?: Payments } = {},
): Promise<LiveApp> {
  const rawLog: string[] = [];
  // With Stripe: a local server speaking Stripe's API, and the signed webhook route mounted.
  const mock = options.payments === 'stripe' ? await startStripeMock() : null;
  const stripeEnv: Record<string, string> = mock
    ? {
        STRIPE_SECRET_KEY: mock.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith',
        STRIPE_WEBHOOK_SECRET: SUITE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://${mock.apiBase.host}:${mock.apiBase.port}`,
      }
    : {};
  const t = await buildTestApp(kind, {
    env: { ADMIN_EMAILS: 'admin@example.com', ...stripeEnv, ...options.env },
    deps: {
      // The production options with an in-memory destination (see the report: app.ts to use them).
      logger: loggerOptions('info', { write: (line: string) => void rawLog.push(line) }),
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  const base = `http://127.0.0.1:${address.port}`;
  const origin = new URL(t.config.publicUrl).origin;

  async function call({ method = 'GET', path, body, contentType, headers = {}, as }: Call) {
    const h: Record<string, string> = { ...headers };
    if (contentType) h['content-type'] ??= contentType;
    if (as) h.cookie ??= as.cookie;
    if (method !== 'GET' && method !== 'HEAD') h.origin ??= origin;
    let payload: string | FormData | undefined;
    if (typeof body === 'string' || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual' });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: () => JSON.parse(text),
    };
  }

  async function signIn(email: string, password: string) {
    const res = await call({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email, password },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return cookieFrom(res.headers);
  }

  const live: LiveApp = {
    ...t,
    async close() {
      await t.close();
      await mock?.close();
    },
    base,
    rawLog,
    logs: () => rawLog.map((l) => JSON.parse(l) as LogLine),
    call,
    signIn,
    async signUp(email, password = PASSWORD) {
      const res = await call({
        method: 'POST',
        path: '/api/auth/sign-up/email',
        body: { name: email.split('@')[0], email, password },
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
      // The address is confirmed through the link in its mail, as a customer would (ADMIN_EMAILS
      // makes the admin then).
      const link = newestLink(t.outbox(), email, VERIFY_EMAIL_PATH);
      if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
      const confirmed = await call({ path: new URL(link).pathname + new URL(link).search });
      if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`);
      const cookie = cookieFrom(res.headers);
      const who = { email, password, cookie, token: '', id: res.json().user.id as string };
      const token = await call({ method: 'PUT', path: `/api/user/${email}`, as: who });
      if (token.status !== 200) throw new Error(`no bearer token: ${token.status} ${token.text}`);
      return { ...who, token: token.json().token as string };
    },
    async order(who, { priceCents = 2500, quantity = 2 } = {}) {
      const part = await insertPart(t.database.db, { priceCents, availableQuantity: 1000 });
      const res = await call({
        method: 'POST',
        path: '/api/purchase',
        as: who,
        body: {
          partId: part.id,
          quantity,
          address: '1 Main Street, Springfield',
          phone: '+1 217 555 0100',
        },
      });
      if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${res.text}`);
      return res.json().insertedId as string;
    },
    async orderRow(id) {
      return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    },
  };
  return live;
}

/** Runs `task` over `items` with at most `width` in flight at once. */
export async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** The routes a caller can reach: every method of every /api route but HEAD (Fastify adds it). */
export function routeList(app: TestApp['app']) {
  return app.apiRoutes.flatMap((r) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD')
      .map((method) => ({ method, url: r.url, access: r.config!.access! })),
  );
}
