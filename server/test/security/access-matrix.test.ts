import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../src/auth/session-lookup.ts';
import { ONE_DB } from '../helpers.ts';
import { PAYMENTS, routeList, startLiveApp, type LiveApp } from './live.ts';
import { AUTH_ROUTES, ROLES, ROUTES, expected, type Cast, signUpCast } from './routes.ts';

/** Each database, with the test processor and with Stripe (whose webhook is a route too). */
const SHOPS = ONE_DB.flatMap((kind) => PAYMENTS.map((payments) => [kind, payments] as const));

/** Security suite 1 (OWASP API1/API5 2023, ASVS V8): every route x every kind of caller. */
describe.each(SHOPS)('security suite 1: the access matrix on %s, %s payments', (kind, payments) => {
  let live: LiveApp;
  let cast: Cast;
  beforeAll(async () => {
    // Behind a trusted proxy: each role's Better Auth calls come from an address of its own,
    // so Better Auth's per-address limit (100 a minute) is not what the matrix measures. With
    // METRICS_TOKEN, so that the metrics route is in the matrix.
    live = await startLiveApp(kind, {
      env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: 'metrics-token-of-the-access-matrix' },
      payments,
    });
    cast = await signUpCast(live);
  });
  afterAll(() => live.close());

  it('answers each cell its expected status, never an unauthorised 2xx, and logs every denial', async () => {
    const routes = routeList(live.app);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(
      keys.filter((k) => !ROUTES[k]),
      'routes without a row in ROUTES',
    ).toEqual([]);

    const wrong: string[] = [];
    let unauthorised2xx = 0;
    let denials = 0;
    const unlogged: string[] = [];
    for (const { method, url } of routes) {
      const spec = ROUTES[`${method} ${url}`]!;
      const want = expected(spec, payments);
      for (const [i, role] of ROLES.entries()) {
        const { path, body, contentType } = await spec.call(live, cast, role);
        const res = await live.call({
          method,
          path,
          body,
          contentType,
          as: role === 'anonymous' ? null : cast[role],
        });
        const cell = `${role} ${method} ${url}: ${res.status}`;
        if (res.status !== want[i]) wrong.push(`${cell}, expected ${want[i]}`);
        if (res.status < 300 && want[i]! >= 400) unauthorised2xx++;
        if (res.status === 401 || res.status === 403) {
          denials++;
          const reqId = res.headers.get('x-request-id');
          const logged = live
            .logs()
            .some((l) => l.reqId === reqId && l.level >= 30 && /denied|refused/i.test(l.msg ?? ''));
          if (!logged) unlogged.push(cell);
        }
      }
    }
    const cells = routes.length * ROLES.length;
    console.log(
      `[access-matrix ${kind}, ${payments}] ${ROLES.length} roles x ${routes.length} routes = ${cells} cells, ` +
        `${cells - wrong.length}/${cells} as expected, ${unauthorised2xx} unauthorised 2xx, ` +
        `${denials - unlogged.length}/${denials} denials logged`,
    );
    expect(unlogged).toEqual([]);
    expect(wrong).toEqual([]);
    expect(unauthorised2xx).toBe(0);
    expect(denials).toBeGreaterThan(routes.length);
    // About 100 routes x 4 callers, each a real request (and its set-up) against the live
    // server: a minute and more on a loaded two-core machine.
  }, 180_000);

  it("answers each cell of Better Auth's endpoints under /api/auth as expected, every endpoint listed", async () => {
    // Better Auth's own table of endpoints (its router serves exactly these under /api/auth).
    const endpoints = Object.values(live.app.auth.api as Record<string, AuthEndpoint>)
      .filter((e) => typeof e.path === 'string' && !e.options?.metadata?.SERVER_ONLY)
      .flatMap((e) => [e.options?.method ?? 'GET'].flat().map((m) => `${m} ${e.path}`))
      .map((key) => key.replace(/^\* /, 'GET '));
    expect(
      endpoints.filter((k) => !AUTH_ROUTES[k]),
      'Better Auth endpoints without a row in AUTH_ROUTES',
    ).toEqual([]);
    const wrong: string[] = [];
    let unauthorised2xx = 0;
    // Those that end sessions last: revoking the others ends the cast's own sessions too.
    endpoints.sort(
      (a, b) => Number(AUTH_ROUTES[a]!.endsSession ?? 0) - Number(AUTH_ROUTES[b]!.endsSession ?? 0),
    );
    for (const key of endpoints) {
      const spec = AUTH_ROUTES[key]!;
      const method = key.split(' ')[0]!;
      for (const [i, role] of ROLES.entries()) {
        const { path, body } = await spec.call(live, cast, role);
        const who = role === 'anonymous' ? null : cast[role];
        // A call that ends its session runs on a fresh one, so the cast stays signed in.
        const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${i + 1}` };
        if (who && spec.endsSession) headers.authorization = `Bearer ${await freshSession(who)}`;
        const res = await live.call({
          method,
          path,
          body,
          headers,
          as: spec.endsSession ? null : who,
        });
        if (res.status !== spec.expect[i])
          wrong.push(
            `${role} ${key}: ${res.status}, expected ${spec.expect[i]} ${res.text.slice(0, 120)}`,
          );
        if (res.status < 300 && spec.expect[i]! >= 400) unauthorised2xx++;
      }
    }
    const cells = endpoints.length * ROLES.length;
    console.log(
      `[access-matrix ${kind}, ${payments}] Better Auth: ${ROLES.length} roles x ${endpoints.length} endpoints = ` +
        `${cells} cells, ${cells - wrong.length}/${cells} as expected, ${unauthorised2xx} unauthorised 2xx`,
    );
    expect(wrong).toEqual([]);
    expect(unauthorised2xx).toBe(0);
  });

  /** A new session of the caller's account (Better Auth's own sign-in, server side). */
  async function freshSession(who: { email: string; password: string }) {
    const { token } = await live.app.auth.api.signInEmail({
      body: { email: who.email, password: who.password },
    });
    // As a client sends it: signed (the bare token is refused).
    return signSessionToken(token, (await live.app.auth.$context).secret);
  }
});

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}
