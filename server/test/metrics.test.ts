import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertPart } from '../src/db/seed/factories.ts';
import { routeLabel, UNMATCHED } from '../src/plugins/metrics.ts';
import { signUp } from './auth-helpers.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const CARD = { expiry: '12 / 39', cvc: '123' };
const ADMIN = 'metrics-admin@example.com';

/** The value of one sample of the text format: by name and exactly these labels, in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    const wanted = Object.entries(labels);
    if (
      wanted.length === Object.keys(got).length &&
      wanted.every(([key, value]) => got[key] === value)
    )
      return Number(m[3]);
  }
  return undefined;
}

describe('route labels', () => {
  it('are route patterns; the web build’s files are counted by their top folder', () => {
    expect(routeLabel('/api/part/:id')).toBe('/api/part/:id');
    expect(routeLabel('/api/allParts')).toBe('/api/allParts');
    expect(routeLabel('/uploads/*')).toBe('/uploads/*');
    expect(routeLabel('/assets/index-3f9a1c.js')).toBe('/assets/*');
    expect(routeLabel('/images/parts/drill.svg')).toBe('/images/*');
    expect(routeLabel('/favicon.svg')).toBe('/favicon.svg');
  });
});

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    it('has no metrics route: /api/metrics answers like any unknown path, token or not', async () => {
      const unknown = await t.app.inject('/api/no-such-thing');
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ url: '/api/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
        expect(res.json()).toEqual({ ...unknown.json(), message: 'No route GET /api/metrics' });
      }
      expect(t.app.apiRoutes.some((r) => r.url === '/api/metrics')).toBe(false);
      // Counting is a no-op, never a crash.
      t.app.metrics.ordersPlaced.inc();
      t.app.metrics.payments.inc({ outcome: 'paid' });
      t.app.metrics.mailsSent.inc({ kind: 'low-stock' });
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { METRICS_TOKEN: TOKEN, ADMIN_EMAILS: ADMIN } });
    });
    afterAll(() => t.close());

    const scrape = (authorization?: string) =>
      t.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });

    it('refuses a scrape without the token, or with another one (401)', async () => {
      for (const authorization of [
        undefined,
        'Bearer ',
        `Bearer ${TOKEN.slice(0, -1)}x`,
        `Bearer ${TOKEN}-and-more`,
        `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const res = await scrape(authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
        expect(res.body).not.toContain('partsmith_');
      }
    });

    it("answers Prometheus' text format with the token", async () => {
      // A query, so that the pool holds a connection (scrapes themselves query nothing).
      expect((await t.app.inject('/api/readyz')).statusCode).toBe(200);
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
      expect(res.headers['cache-control']).toBe('no-store');
      // The token is not taken for a session: nothing is looked up, no cookie is cleared.
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain('# TYPE partsmith_http_requests_total counter');
      expect(res.body).toContain('# TYPE partsmith_http_request_duration_seconds histogram');
      // prom-client's default metrics, event-loop lag among them.
      expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(res.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      expect(res.body).toMatch(/^process_resident_memory_bytes \d/m);
      // The mail counters show each kind of mail from the start, at 0 until one is counted.
      for (const name of ['queued', 'sent', 'failed'])
        for (const mailKind of ['order', 'low-stock'])
          expect(sample(res.body, `partsmith_mails_${name}_total`, { kind: mailKind })).toBe(0);
      // The pool of PostgreSQL; PGlite has none to report.
      if (kind === 'postgres') {
        expect(sample(res.body, 'partsmith_db_pool_max')).toBe(10);
        expect(sample(res.body, 'partsmith_db_pool_total')).toBeGreaterThanOrEqual(1);
        expect(sample(res.body, 'partsmith_db_pool_waiting')).toBe(0);
      } else {
        expect(res.body).not.toContain('partsmith_db_pool');
      }
    });

    it('counts requests by route pattern and status, and orders, payments and mails by kind', async () => {
      const before = (await scrape(`Bearer ${TOKEN}`)).body;
      const count = (text: string, name: string, labels?: Record<string, string>) =>
        sample(text, name, labels) ?? 0;

      // An admin, to whom the low-stock mail goes (without one it is dropped, not sent).
      await signUp(t, { email: ADMIN });
      const buyer = await signUp(t, { email: `buyer-${randomUUID()}@example.com` });
      // The purchase below takes the stock from 50 to 48, below its threshold: a low-stock mail.
      const part = await insertPart(t.database.db, {
        priceCents: 2500,
        availableQuantity: 50,
        lowStockThreshold: 49,
      });
      const missing = randomUUID();
      for (const url of [`/api/part/${part.id}`, `/api/part/${part.id}`, `/api/part/${missing}`])
        await t.app.inject(url);
      expect((await t.app.inject(`/api/no-such/${missing}`)).statusCode).toBe(404);

      const bought = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie: buyer.cookie },
        payload: {
          partId: part.id,
          quantity: 2,
          address: '1 Main Street',
          phone: '+1 217 555 0100',
        },
      });
      expect(bought.statusCode).toBe(200);
      const orderId = bought.json().insertedId as string;
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: buyer.cookie },
        payload: { orderId },
      });
      const { clientSecret } = started.json();
      const pay = (number: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          headers: { cookie: buyer.cookie },
          payload: { clientSecret, number, ...CARD },
        });
      expect((await pay('4000000000000002')).statusCode).toBe(402);
      const paid = await pay('4242424242424242');
      expect(paid.statusCode).toBe(200);
      const markPaid = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/purchase/${orderId}`,
          headers: { cookie: buyer.cookie },
          payload: { transactionId: paid.json().id },
        });
      expect((await markPaid()).json()).toMatchObject({ modifiedCount: 1 });
      // Settled once: asking again changes nothing and counts nothing.
      expect((await markPaid()).json()).toMatchObject({ modifiedCount: 0 });

      // The confirmation, the receipt, the admins' paid-order notice and the low-stock mail go
      // out in the background (the receipt's PDF and the templates load with the first mail:
      // time on a busy machine).
      await vi.waitFor(async () => {
        const now = (await scrape(`Bearer ${TOKEN}`)).body;
        for (const [labels, sent] of [
          [{ kind: 'order' }, 3],
          [{ kind: 'low-stock' }, 1],
        ] as const)
          expect(
            count(now, 'partsmith_mails_sent_total', labels) -
              count(before, 'partsmith_mails_sent_total', labels),
          ).toBe(sent);
      }, 15_000);
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      const added = (name: string, labels?: Record<string, string>) =>
        count(text, name, labels) - count(before, name, labels);

      const part200 = { method: 'GET', route: '/api/part/:id', status: '200' };
      expect(added('partsmith_http_requests_total', part200)).toBe(2);
      expect(
        added('partsmith_http_requests_total', { ...part200, status: '404' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        added('partsmith_http_request_duration_seconds_count', { ...part200, status: '404' }),
      ).toBe(added('partsmith_http_requests_total', { ...part200, status: '404' }));
      expect(added('partsmith_http_request_duration_seconds_count', part200)).toBe(2);
      expect(
        added('partsmith_http_request_duration_seconds_bucket', { ...part200, le: '+Inf' }),
      ).toBe(2);
      expect(
        added('partsmith_http_requests_total', {
          method: 'POST',
          route: '/api/purchase',
          status: '200',
        }),
      ).toBe(1);
      expect(
        added('partsmith_http_requests_total', {
          method: 'GET',
          route: UNMATCHED,
          status: '404',
        }),
      ).toBeGreaterThanOrEqual(1);
      // Scrapes are requests too, refused ones included.
      expect(
        count(text, 'partsmith_http_requests_total', {
          method: 'GET',
          route: '/api/metrics',
          status: '401',
        }),
      ).toBeGreaterThanOrEqual(6);

      expect(added('partsmith_orders_placed_total')).toBe(1);
      // The order's confirmation, receipt and paid-order notice; the part's low-stock mail.
      for (const [labels, queued] of [
        [{ kind: 'order' }, 3],
        [{ kind: 'low-stock' }, 1],
      ] as const) {
        expect(added('partsmith_mails_queued_total', labels)).toBe(queued);
        expect(added('partsmith_mails_failed_total', labels)).toBe(0);
      }
      // Only by kind: no series without the label.
      expect(sample(text, 'partsmith_mails_sent_total')).toBeUndefined();
      expect(added('partsmith_payments_total', { outcome: 'declined' })).toBe(1);
      expect(added('partsmith_payments_total', { outcome: 'paid' })).toBe(1);

      // No URL is a label: neither the ids in the paths nor the paths themselves.
      for (const raw of [part.id, missing, orderId, `/api/part/${part.id}`, '/api/no-such'])
        expect(text).not.toContain(raw);
    });
  });
});
