import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema/index.ts';
import { setRoleByEmail } from '../src/modules/users/service.ts';
import { createSessionLookup, verifySignedToken } from '../src/auth/session-lookup.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { cookieOf, signUp } from './auth-helpers.ts';

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADMIN_EMAILS: 'boss@example.com', LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());

  it('signs up with a display name, sets an httpOnly SameSite=Lax cookie, and knows the session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'correct horse 1' },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/partsmith\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieOf(res) },
    });
    expect(session.json().user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'customer',
    });
  });

  it('refuses a short password and a taken e-mail in the one error shape', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'X', email: 'short@example.com', password: '1234567' },
      headers: { origin: t.config.publicUrl },
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    await signUp(t, { email: 'taken@example.com' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Y', email: 'taken@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl },
    });
    expect(taken.statusCode).toBeGreaterThanOrEqual(400);
    expect(taken.json().message).toMatch(/exist/i);
  });

  it('makes ADMIN_EMAILS accounts admins at sign-up', async () => {
    const boss = await signUp(t, { email: 'boss@example.com' });
    const check = await t.app.inject({
      url: '/api/admin/boss@example.com',
      headers: { cookie: boss.cookie },
    });
    expect(check.json()).toEqual({ admin: true });
  });

  it('answers the admin check for your own e-mail only (admins may ask about anyone)', async () => {
    const alice = await signUp(t, { email: 'alice@example.com' });
    expect(
      (
        await t.app.inject({
          url: '/api/admin/alice@example.com',
          headers: { cookie: alice.cookie },
        })
      ).json(),
    ).toEqual({ admin: false });
    const other = await t.app.inject({
      url: '/api/admin/boss@example.com',
      headers: { cookie: alice.cookie },
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/admin/alice@example.com' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please sign in to continue.',
    });
    const boss = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'boss@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl },
    });
    const asked = await t.app.inject({
      url: '/api/admin/alice@example.com',
      headers: { cookie: cookieOf(boss) },
    });
    expect(asked.json()).toEqual({ admin: false });
  });

  it('gives the token for your own e-mail, and the token works as a Bearer token', async () => {
    const bob = await signUp(t, { email: 'bob@example.com' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/bob@example.com',
      headers: { cookie: bob.cookie },
      payload: { email: 'bob@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toEqual(expect.any(String));
    const viaBearer = await t.app.inject({
      url: '/api/admin/bob@example.com',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.json()).toEqual({ admin: false });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alice@example.com',
      headers: { cookie: bob.cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("finds a live session in one query from Better Auth's own cookie and token, and leaves anything else to Better Auth", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Quick Quentin', email: 'quentin@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl },
    });
    const cookie = cookieOf(res);
    const signedToken = String(res.headers['set-auth-token']);
    const context = await t.app.auth.$context;
    const lookup = createSessionLookup(t.app.db, {
      secret: context.secret,
      sessionCookie: context.authCookies.sessionToken.name,
      sessionDataCookie: context.authCookies.sessionData.name,
      expiresInSeconds: context.sessionConfig.expiresIn,
      updateAgeSeconds: context.sessionConfig.updateAge,
    });
    const token = verifySignedToken(signedToken, context.secret);
    expect(token).toEqual(expect.any(String));
    const user = { email: 'quentin@example.com', name: 'Quick Quentin', role: 'customer' };
    expect(await lookup({ authorization: `Bearer ${signedToken}` })).toMatchObject({ user, token });
    // The bare token (what the database holds) is no Bearer token: only the signed value.
    expect(await lookup({ authorization: `Bearer ${token}` })).toBeUndefined();
    expect(await lookup({ cookie })).toMatchObject({ user, token });

    // A signature that is not the secret's is no token at all.
    const forged = `${token}.${Buffer.alloc(32).toString('base64')}`;
    expect(verifySignedToken(forged, context.secret)).toBeNull();
    expect(await lookup({ authorization: `Bearer ${forged}` })).toBeUndefined();
    const forgedGet = await t.app.inject({
      url: '/api/orders?userEmail=quentin@example.com',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(forgedGet.statusCode).toBe(401);

    // Due for Better Auth's daily refresh: the lookup steps aside and Better Auth refreshes it.
    const dueAt = new Date(
      Date.now() +
        (context.sessionConfig.expiresIn - context.sessionConfig.updateAge) * 1000 -
        60_000,
    );
    await t.app.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.token, token!));
    expect(await lookup({ cookie })).toBeUndefined();
    const refreshed = await t.app.inject({
      url: '/api/orders?userEmail=quentin@example.com',
      headers: { cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(String(refreshed.headers['set-cookie'])).toMatch(/partsmith\.session_token=/);
    expect(await lookup({ cookie })).toMatchObject({ user, token });

    // Expired, then gone: no session from the lookup, 401 from the app.
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token!));
    expect(await lookup({ cookie })).toBeUndefined();
    await t.app.db.delete(sessions).where(eq(sessions.token, token!));
    expect(await lookup({ authorization: `Bearer ${signedToken}` })).toBeUndefined();
    const gone = await t.app.inject({
      url: '/api/orders?userEmail=quentin@example.com',
      headers: { authorization: `Bearer ${signedToken}` },
    });
    expect(gone.statusCode).toBe(401);
  });

  it('ends the session on sign-out: the old cookie and token answer 401', async () => {
    const carol = await signUp(t, { email: 'carol@example.com' });
    const { token } = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/user/carol@example.com',
        headers: { cookie: carol.cookie },
      })
    ).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: carol.cookie, origin: t.config.publicUrl },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/carol@example.com',
          headers: { cookie: carol.cookie },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/carol@example.com',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("a role change ends the user's sessions at once; deletion too", async () => {
    const dave = await signUp(t, { email: 'dave@example.com' });
    expect(await setRoleByEmail(t.database.db, 'dave@example.com', 'admin')).toBe(1);
    expect(
      (await t.app.inject({ url: '/api/admin/dave@example.com', headers: { cookie: dave.cookie } }))
        .statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'dave@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl },
    });
    expect(
      (
        await t.app.inject({
          url: '/api/admin/dave@example.com',
          headers: { cookie: cookieOf(again) },
        })
      ).json(),
    ).toEqual({ admin: true });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'dave@example.com'));
    await t.database.db.delete(users).where(eq(users.id, user!.id));
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id)),
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/dave@example.com',
          headers: { cookie: cookieOf(again) },
        })
      ).statusCode,
    ).toBe(401);
  });

  // No trusted proxy here: X-Forwarded-For is ignored, every attempt comes from 127.0.0.1.
  it("refuses the 4th rapid failed sign-in for one account with 429; a client's own X-Forwarded-For changes nothing", async () => {
    await signUp(t, { email: 'eve@example.com' });
    const attempt = (i: number, password = 'wrong password!') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'eve@example.com', password },
        headers: { origin: t.config.publicUrl, 'x-forwarded-for': `10.0.0.${i}` },
      });
    for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    const fourth = await attempt(4, 'long enough 123');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('behind a trusted proxy, refuses the 4th failed sign-in with 429 though each attempt comes from a new X-Forwarded-For address', async () => {
    // TRUST_PROXY=127.0.0.1 (inject's socket address): the header IS the client's address.
    const proxied = await buildTestApp(kind, {
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'error' },
    });
    try {
      await signUp(proxied, { email: 'frank@example.com' });
      const attempt = (ip: string, email: string, password = 'wrong password!') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password },
          headers: { origin: proxied.config.publicUrl, 'x-forwarded-for': ip },
        });
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++)
        statuses.push((await attempt(`198.51.100.${i}`, 'frank@example.com')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const locked = await attempt('198.51.100.5', 'frank@example.com', 'long enough 123');
      expect(locked.statusCode).toBe(429);

      // The addresses were taken as different clients: a session records the forwarded one.
      const { user } = await signUp(proxied, { email: 'grace@example.com' });
      const ok = await attempt('198.51.100.6', 'grace@example.com', 'long enough 123');
      expect(ok.statusCode).toBe(200);
      const recorded = await proxied.database.db
        .select({ ip: sessions.ipAddress })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(recorded.map((s) => s.ip)).toContain('198.51.100.6');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a state-changing auth call from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Mallory', email: 'mallory@example.com', password: 'long enough 123' },
      headers: { origin: 'https://evil.example', cookie: 'partsmith.session_token=x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lists which social providers are configured', async () => {
    expect((await t.app.inject('/api/auth-providers')).json()).toEqual({
      google: false,
      github: false,
      facebook: false,
    });
  });
});
