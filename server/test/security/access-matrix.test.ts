import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.ts';
import { routeList, startLiveApp, type LiveApp } from './live.ts';
import { ROLES, ROUTES, type Cast, signUpCast } from './routes.ts';

/** Issue 6, suite 1 (OWASP API1/API5 2023, ASVS V8): every route x every kind of caller. */
describe.each(DB_KINDS)('security suite 1: the access matrix on %s', (kind) => {
  let live: LiveApp;
  let cast: Cast;
  beforeAll(async () => {
    live = await startLiveApp(kind);
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
      for (const [i, role] of ROLES.entries()) {
        const { path, body } = await spec.call(live, cast, role);
        const res = await live.call({
          method,
          path,
          body,
          as: role === 'anonymous' ? null : cast[role],
        });
        const cell = `${role} ${method} ${url}: ${res.status}`;
        if (res.status !== spec.expect[i]) wrong.push(`${cell}, expected ${spec.expect[i]}`);
        if (res.status < 300 && spec.expect[i]! >= 400) unauthorised2xx++;
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
      `[access-matrix ${kind}] ${ROLES.length} roles x ${routes.length} routes = ${cells} cells, ` +
        `${cells - wrong.length}/${cells} as expected, ${unauthorised2xx} unauthorised 2xx, ` +
        `${denials - unlogged.length}/${denials} denials logged`,
    );
    expect(unlogged).toEqual([]);
    expect(wrong).toEqual([]);
    expect(unauthorised2xx).toBe(0);
    expect(denials).toBeGreaterThan(routes.length);
  });
});
