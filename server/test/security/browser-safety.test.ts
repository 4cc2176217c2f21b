import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_DB } from '../helpers.ts';
import {
  BEHIND_TLS,
  PAYMENTS,
  SUITE_WEBHOOK_SECRET,
  TLS_HEADERS,
  routeList,
  startLiveApp,
  type LiveApp,
} from './live.ts';
import { CARD, ROUTES, type Cast, signUpCast } from './routes.ts';

const AUTH_SECRET = 'a-test-auth-secret-of-at-least-32-characters-x';

/**
 * Security suite 8 (ASVS V3, V16): browsers cannot be turned against the shop; logs keep no
 * secret.
 */
/** Each database, with the test processor and with Stripe (whose webhook is a route too). */
const SHOPS = ONE_DB.flatMap((kind) => PAYMENTS.map((payments) => [kind, payments] as const));

/** Stripe's webhook is signed instead: exempt from the origin rule, it refuses what is unsigned. */
const SIGNED = new Set(['POST /api/webhooks/stripe']);

describe.each(SHOPS)('security suite 8: browser safety on %s, %s payments', (kind, payments) => {
  let live: LiveApp;
  let cast: Cast;
  beforeAll(async () => {
    live = await startLiveApp(kind, {
      env: { ...BEHIND_TLS, BETTER_AUTH_SECRET: AUTH_SECRET },
      payments,
    });
    cast = await signUpCast(live);
  });
  afterAll(() => live.close());

  it('refuses foreign-origin and text/plain writes, sends the headers everywhere and logs no secret', async () => {
    const writes = routeList(live.app).filter((r) => r.method !== 'GET');
    const bad: string[] = [];
    const answers: { what: string; headers: Headers }[] = [];
    for (const { method, url } of writes) {
      const spec = ROUTES[`${method} ${url}`]!;
      const role = spec.expect[1] < 400 ? 'customer' : 'admin';
      const { path, body } = await spec.call(live, cast, role);
      const json = body instanceof FormData || body === undefined ? {} : body;
      const foreign = await live.call({
        method,
        path,
        body: json,
        as: cast[role],
        headers: { origin: 'https://evil.example', ...TLS_HEADERS },
      });
      const refusal = SIGNED.has(`${method} ${url}`) ? 400 : 403;
      if (foreign.status !== refusal)
        bad.push(`foreign origin ${method} ${url}: ${foreign.status}`);
      const plain = await live.call({
        method,
        path,
        body: JSON.stringify(json),
        as: cast[role],
        headers: { 'content-type': 'text/plain', ...TLS_HEADERS },
      });
      if (plain.status !== 415 && plain.status !== refusal)
        bad.push(`text/plain ${method} ${url}: ${plain.status}`);
      answers.push(
        { what: `${method} ${url} (${foreign.status})`, headers: foreign.headers },
        { what: `${method} ${url} (${plain.status})`, headers: plain.headers },
      );
    }
    for (const { method, url } of routeList(live.app)) {
      const spec = ROUTES[`${method} ${url}`]!;
      const { path, body } = await spec.call(live, cast, 'admin');
      const res = await live.call({ method, path, body, as: cast.admin, headers: TLS_HEADERS });
      answers.push({ what: `${method} ${url} (${res.status})`, headers: res.headers });
    }
    for (const path of [
      '/',
      '/no-such-page',
      '/api/no-such-route',
      '/api/part/not-an-id',
      '/sitemap.xml',
    ]) {
      const res = await live.call({ path, headers: TLS_HEADERS });
      answers.push({ what: `GET ${path} (${res.status})`, headers: res.headers });
    }
    const missing: string[] = [];
    for (const { what, headers } of answers) {
      const csp = headers.get('content-security-policy') ?? '';
      if (!/object-src 'none'/.test(csp) || !/frame-ancestors/.test(csp))
        missing.push(`${what}: CSP ${csp}`);
      if (headers.get('x-content-type-options') !== 'nosniff') missing.push(`${what}: nosniff`);
      if (!headers.get('referrer-policy')) missing.push(`${what}: Referrer-Policy`);
      if (!/max-age=\d{7,}/.test(headers.get('strict-transport-security') ?? ''))
        missing.push(`${what}: HSTS`);
    }

    // Secrets the shop handles, then every log line scanned for them.
    const paidOrder = await live.order(cast.customer);
    const started = await live.call({
      method: 'POST',
      path: '/api/create-payment-intent',
      as: cast.customer,
      body: { orderId: paidOrder },
    });
    // Card numbers reach the shop only with its own test processor (Stripe takes them itself).
    const cards = payments === 'test' ? [CARD.number, '4000000000000002'] : [];
    for (const number of cards) {
      await live.call({
        method: 'POST',
        path: '/api/test-payments/confirm',
        as: cast.customer,
        body: { clientSecret: started.json().clientSecret, ...CARD, number },
      });
    }
    await live.call({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email: cast.other.email, password: 'a wrong password 1' },
    });
    await live.call({
      method: 'POST',
      path: '/api/auth/request-password-reset',
      body: { email: cast.other.email, redirectTo: '/reset-password' },
    });
    const link = live
      .outbox()
      .join('\n')
      .replace(/=\r?\n/g, '')
      .match(/\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)\?callbackURL=[^\s]+/);
    expect(link).not.toBeNull();
    await live.call({ path: link![0].replace(/=3D/g, '='), headers: TLS_HEADERS });
    const secrets: Record<string, string> = {
      'auth secret': AUTH_SECRET,
      'client secret': started.json().clientSecret,
      'reset token': link![1]!,
      'wrong password': 'a wrong password 1',
      ...Object.fromEntries(cards.map((c) => [`card ${c.slice(-4)}`, c])),
      ...(payments === 'stripe'
        ? {
            'webhook secret': SUITE_WEBHOOK_SECRET,
            'Stripe secret key': live.config.stripe!.secretKey,
          }
        : {}),
    };
    for (const [name, who] of Object.entries(cast)) {
      secrets[`${name} password`] = who.password;
      secrets[`${name} bearer token`] = who.token;
      secrets[`${name} session cookie`] = decodeURIComponent(
        who.cookie.split('=')[1]!.split(';')[0]!,
      );
    }
    const log = live.rawLog.join('');
    const leaked = Object.entries(secrets)
      .filter(([, s]) => log.includes(s) || log.includes(s.split('.')[0]!))
      .map(([n]) => n);

    console.log(
      `[browser-safety ${kind}, ${payments}] ${writes.length} write routes: ${2 * writes.length - bad.filter(Boolean).length}/${2 * writes.length} foreign-origin or text/plain calls refused (403/415; 400 unsigned on the signed webhook); ` +
        `${answers.length - new Set(missing.map((m) => m.split(':')[0])).size}/${answers.length} answers with CSP (object-src 'none', frame-ancestors), nosniff, Referrer-Policy and HSTS behind TLS; ` +
        `${leaked.length} of ${Object.keys(secrets).length} secrets in ${live.rawLog.length} log lines`,
    );
    expect(bad).toEqual([]);
    expect(missing).toEqual([]);
    expect(leaked).toEqual([]);
  });
});
