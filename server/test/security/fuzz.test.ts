import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_DB } from '../helpers.ts';
import Stripe from 'stripe';
import {
  SUITE_WEBHOOK_SECRET,
  pool,
  routeList,
  startLiveApp,
  type Call,
  type LiveApp,
} from './live.ts';
import { ROUTES, type Cast, signUpCast } from './routes.ts';

/** Generated query strings and path ids, and Stripe events. */
const RUNS = 1000;
/**
 * Generated bodies per write route, beside each nasty value in each field (the seed is fixed, so
 * each run sends the same bodies). Sized by what they reach: 2,000 generated bodies a route drew
 * 144 distinct answers (route, status, refusal's message), the last of them first at the 555th;
 * 200 with each nasty value in each field (nested ones too) draw all 144 and 12 more, in half the
 * requests of the 500 before (docs/testing.md, The fuzzing's size).
 */
const BODY_RUNS = 200;
const WIDTH = 6;
/** What an answer must never show: a stack trace, file positions, SQL or the database's words. */
const LEAK =
  /\n\s+at |node_modules|\.[jt]s:\d+|\bselect\b[^"]{0,80}\bfrom\b|\binsert\s+into\b|\bupdate\s+"|syntax error|violates|duplicate key|relation "|pglite|drizzle|ZodError|TypeError|ReferenceError/i;

/** Texts a careless handler or query chokes on. */
const NASTY_TEXTS = [
  "' OR 1=1 --",
  '"; drop table users; --',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-4000-8000-000000000000',
  '__proto__',
  '{"$gt":""}',
  'x'.repeat(5000),
];
/**
 * Each of these in each field of every route (nested ones too), beside the generated bodies: drawn at random, the
 * rarer ones (a NUL character, a 5,000-character text) first reached some routes' checks only
 * after 400 to 550 bodies (docs/testing.md, The fuzzing's size).
 */
const NASTY_VALUES: unknown[] = [...NASTY_TEXTS, null, true, -1, 0, 1.5, 2 ** 31, 2 ** 53, [], {}];

/** The body with `value` at `path` (object keys and array indexes), the rest as it was. */
function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(body))
    return body.map((item, i) => (i === head ? withValueAt(item, rest, value) : item));
  const object = body as Record<string, unknown>;
  return { ...object, [head!]: withValueAt(object[head!], rest, value) };
}

/** Every field's path in a body, nested ones too (an array's first item stands for the rest). */
function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.length > 0
      ? [[0, value[0]]]
      : []
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return [
    ...(path.length > 0 ? [path] : []),
    ...children.flatMap(([key, child]) => fieldPaths(child, [...path, key])),
  ];
}

/** Values a careless handler or query chokes on. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...NASTY_TEXTS),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/**
 * The bodies sent to a route: each nasty value in each of its fields, then generated ones (its
 * own fields with wrong values, arbitrary JSON, or text that is not JSON).
 */
function bodies(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  const eachField = fieldPaths(valid).flatMap((at) =>
    NASTY_VALUES.map((value) => JSON.stringify(withValueAt(valid, at, value))),
  );
  const mutated = fc
    .record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(valid[k]), nasty)])), {
      requiredKeys: [],
    })
    .map((b) => JSON.stringify(b));
  const polluted = fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((k) => `{"${k}":{"role":"admin"},${JSON.stringify(valid).slice(1)}`);
  const generated = fc.sample(
    fc.oneof(
      { weight: 5, arbitrary: mutated },
      { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
      { weight: 1, arbitrary: polluted },
    ),
    { numRuns: BODY_RUNS, seed: 6 },
  );
  return [...eachField, ...generated];
}

const text = fc.oneof(
  nasty.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  fc.string(),
);

describe.each(ONE_DB)('security suite 6: fuzzing on %s', (kind) => {
  let live: LiveApp;
  let cast: Cast;
  // Each test counts its own requests and failures, and asserts them: it passes run alone too.
  let failures: string[] = [];
  let sent = 0;
  beforeAll(async () => {
    live = await startLiveApp(kind);
    cast = await signUpCast(live);
  });
  beforeEach(() => {
    failures = [];
    sent = 0;
  });
  afterAll(() => live.close());

  /** The distinct answers reached: route, status and, for a refusal, its message. */
  const answers = new Set<string>();
  async function send(calls: Call[]) {
    await pool(calls, WIDTH, async (c) => {
      sent++;
      const res = await live.call(c);
      const message = res.status >= 400 ? /"message":"((?:[^"\\]|\\.)*)"/.exec(res.text)?.[1] : '';
      answers.add(`${c.method} ${c.path} ${res.status} ${message?.replace(/\d+/g, 'N')}`);
      if (res.status >= 500 || LEAK.test(res.text)) {
        failures.push(
          `${c.method} ${c.path} ${String(c.body).slice(0, 120)} -> ${res.status} ${res.text.slice(0, 200)}`,
        );
      }
    });
  }
  const caller = (method: string, url: string) => {
    const spec = ROUTES[`${method} ${url}`]!;
    return spec.expect[1] < 400 ? 'customer' : 'admin';
  };

  it(
    `sends ${BODY_RUNS} generated bodies and each nasty value in each field to every write route without a 5xx or a leak`,
    { timeout: 600_000 },
    async () => {
      let routes = 0;
      let expected = 0;
      for (const { method, url } of routeList(live.app)) {
        if (method === 'GET') continue;
        const role = caller(method, url);
        const { path, body } = await ROUTES[`${method} ${url}`]!.call(live, cast, role);
        // A CSV import's malformed files are server/test/catalogue-csv-refusals.test.ts's.
        if (!body || body instanceof FormData || typeof body === 'string') continue;
        routes++;
        const sending = bodies(body as Record<string, unknown>);
        expected += sending.length;
        await send(
          sending.map((b) => ({
            method,
            path,
            body: b,
            headers: { 'content-type': 'application/json' },
            as: cast[role],
          })),
        );
      }
      console.log(
        `[fuzz ${kind}] ${routes} write routes, ${sent} payloads (${BODY_RUNS} generated a route, the rest each nasty value in each field): ` +
          `${answers.size} distinct answers, ${failures.length} 5xx or leaking answers`,
      );
      expect(routes).toBeGreaterThanOrEqual(10);
      expect(sent).toBe(expected);
      expect(failures.slice(0, 20)).toEqual([]);
    },
  );

  it(
    `sends ${RUNS} generated query strings and ${RUNS} generated path ids`,
    { timeout: 600_000 },
    async () => {
      const all = routeList(live.app);
      const queried = all.filter(
        (r) =>
          r.method === 'GET' &&
          !r.url.includes(':') &&
          !r.url.includes('*') &&
          !r.url.startsWith('/api/docs'),
      );
      const query = fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('page', 'size', 'limit', 'cursor', 'userEmail', 'q', 'sort', 'page[]'),
            fc.string({ maxLength: 6 }),
          ),
          text,
        ),
        { maxLength: 5 },
      );
      const queries = fc.sample(fc.tuple(fc.constantFrom(...queried), query), {
        numRuns: RUNS,
        seed: 7,
      });
      await send(
        queries.map(([r, pairs]) => ({
          method: 'GET',
          path: `${r.url}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
          as: cast[caller('GET', r.url)],
        })),
      );
      // Ids into every route with a path parameter, as the admin (who gets furthest).
      const withIds = all.filter((r) => r.url.includes('/:'));
      const ids = fc.sample(fc.tuple(fc.constantFrom(...withIds), text), {
        numRuns: RUNS,
        seed: 8,
      });
      await send(
        ids.map(([r, id]) => ({
          method: r.method,
          path: r.url.replace(/:[a-zA-Z]+/, encodeURIComponent(id) || '%20'),
          body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
          as: cast.admin,
        })),
      );
      const health = await live.call({ path: '/api/readyz' });
      const parts = await live.call({ path: '/api/allParts?page=0&size=5' });
      const order = await live.order(cast.customer);
      console.log(
        `[fuzz ${kind}] ${queries.length} query strings over ${queried.length} routes, ${ids.length} path ids over ${withIds.length} routes; ` +
          `${sent} requests in all: ${failures.length} 5xx or leaking answers; afterwards readyz ${health.status}, catalogue ${parts.status}, a purchase ${order ? 'placed' : 'refused'}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(health.status).toBe(200);
      expect(parts.status).toBe(200);
    },
  );
});

/** Stripe's webhook on a shop that takes payments through Stripe (a local Stripe server). */
describe.each(ONE_DB)('security suite 6: fuzzing the Stripe webhook on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(kind, { payments: 'stripe' });
  });
  afterAll(() => live.close());

  it(`sends ${RUNS} generated events, half of them correctly signed, without a 5xx or a leak`, async () => {
    const stripe = new Stripe('sk_test_unused');
    const event = fc.record({
      id: fc.oneof(fc.constant('evt_1'), text),
      type: fc.oneof(
        fc.constantFrom(
          'payment_intent.succeeded',
          'payment_intent.payment_failed',
          'charge.refunded',
        ),
        text,
      ),
      data: fc.oneof(
        fc.record({ object: fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 5 }) }),
        nasty,
      ),
    });
    const payload = fc.oneof(
      event.map((e) => JSON.stringify(e)),
      fc.string(),
      nasty.map((v) => JSON.stringify(v) ?? 'null'),
    );
    // A forged signature header: printable ASCII, what an HTTP header can carry.
    const forgedSignature = fc.oneof(
      fc.constant('t=1700000000,v1=00ff'),
      fc.stringMatching(/^[ -~]{0,120}$/),
    );
    const samples = fc.sample(fc.tuple(payload, fc.boolean(), forgedSignature), {
      numRuns: RUNS,
      seed: 9,
    });
    const failures: string[] = [];
    let signed = 0;
    await pool(samples, WIDTH, async ([body, sign, forged]) => {
      if (sign) signed++;
      const signature = sign
        ? stripe.webhooks.generateTestHeaderString({ payload: body, secret: SUITE_WEBHOOK_SECRET })
        : forged;
      const res = await live.call({
        method: 'POST',
        path: '/api/webhooks/stripe',
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      if (res.status >= 500 || LEAK.test(res.text))
        failures.push(`${body.slice(0, 80)} -> ${res.status} ${res.text.slice(0, 120)}`);
    });
    const health = await live.call({ path: '/api/readyz' });
    console.log(
      `[fuzz ${kind}] Stripe webhook: ${samples.length} events (${signed} correctly signed): ` +
        `${failures.length} 5xx or leaking answers; afterwards readyz ${health.status}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(health.status).toBe(200);
  });
});
