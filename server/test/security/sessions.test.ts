import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.ts';
import { BEHIND_TLS, TLS_HEADERS, startLiveApp, type Caller, type LiveApp } from './live.ts';

/** Security suite 7 (ASVS V7 session management): an ended session ends at once, everywhere. */
describe.each(DB_KINDS)('security suite 7: sessions on %s', (kind) => {
  let live: LiveApp;
  let tls: LiveApp;
  let admin: Caller;
  beforeAll(async () => {
    live = await startLiveApp(kind);
    tls = await startLiveApp(kind, { env: BEHIND_TLS });
    admin = await live.signUp('admin@example.com');
  });
  afterAll(async () => {
    await live.close();
    await tls.close();
  });

  /** The status of one of the caller's own routes with the cookie, then with the bearer token. */
  async function statuses(who: Caller) {
    const path = `/api/orders?userEmail=${who.email}`;
    return [
      (await live.call({ path, headers: { cookie: who.cookie } })).status,
      (await live.call({ path, headers: { authorization: `Bearer ${who.token}` } })).status,
    ];
  }

  it('answers 401 to the old cookie and bearer token after sign-out, a role change or deletion', async () => {
    const ends: Record<string, (who: Caller) => Promise<number>> = {
      'sign-out': async (who) =>
        (await live.call({ method: 'POST', path: '/api/auth/sign-out', as: who, body: {} })).status,
      'role change': async (who) =>
        (await live.call({ method: 'PUT', path: `/api/users/admin/${who.email}`, as: admin }))
          .status,
      deletion: async (who) =>
        (await live.call({ method: 'DELETE', path: `/api/user/${who.id}`, as: admin })).status,
    };
    const results: string[] = [];
    let refused = 0;
    for (const [how, end] of Object.entries(ends)) {
      const who = await live.signUp(`${how.replace(' ', '-')}@example.com`);
      expect(await statuses(who), `${how}: before`).toEqual([200, 200]);
      expect(await end(who), how).toBe(200);
      const after = await statuses(who);
      refused += after.filter((s) => s === 401).length;
      results.push(`${how}: cookie ${after[0]}, bearer ${after[1]}`);
    }
    const cookie = (
      await live.call({
        method: 'POST',
        path: '/api/auth/sign-in/email',
        body: { email: admin.email, password: admin.password },
      })
    ).headers.getSetCookie();
    const secure = await tls.call({
      method: 'POST',
      path: '/api/auth/sign-up/email',
      headers: TLS_HEADERS,
      body: { name: 'Tess', email: 'tess@example.com', password: 'long enough 123' },
    });
    expect(secure.status).toBe(200);
    const tlsCookies = secure.headers.getSetCookie();
    const flags = (list: string[], flag: RegExp) =>
      list.length > 0 && list.every((c) => flag.test(c));
    const httpOnly = flags(cookie, /;\s*HttpOnly/i) && flags(tlsCookies, /;\s*HttpOnly/i);
    const sameSite =
      flags(cookie, /;\s*SameSite=(Lax|Strict)/i) &&
      flags(tlsCookies, /;\s*SameSite=(Lax|Strict)/i);
    const secureFlag =
      flags(tlsCookies, /;\s*Secure/i) && tlsCookies.every((c) => c.startsWith('__Secure-'));
    console.log(
      `[sessions ${kind}] 3 ways to end a session x 2 credentials: ${refused}/6 answered 401 at once (${results.join('; ')}); ` +
        `cookies HttpOnly ${httpOnly}, SameSite ${sameSite}, Secure behind TLS ${secureFlag}`,
    );
    expect(refused).toBe(6);
    expect([httpOnly, sameSite, secureFlag]).toEqual([true, true, true]);
  });
});
