import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { decodeMail } from '../../scripts/mail-links.mjs';
import { signUp } from './auth-helpers.ts';

/** A concrete URL for a route pattern: every :param gets a well-formed value. */
function concrete(url: string) {
  return url
    .replace(/:email/g, 'someone@example.com')
    .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
}

describe.each(DB_KINDS)('server guards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const protectedRoutes = () =>
    t.app.apiRoutes.flatMap((r) =>
      r.config?.access === 'user' || r.config?.access === 'admin'
        ? [r.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((method) => ({ method, url: r.url, access: r.config!.access }))
        : [],
    );

  it('answers 401 in the one error shape to an anonymous caller on every protected route', async () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(2);
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete(url),
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Please sign in to continue.',
      });
    }
  });

  it('answers 403 to a customer on every admin route', async () => {
    const { cookie } = await signUp(t, { email: 'customer@example.com' });
    for (const { method, url } of protectedRoutes().filter((r) => r.access === 'admin')) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers: { cookie },
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('sends a single-use, expiring reset link by mail; the new password works and old sessions end', async () => {
    const { cookie } = await signUp(t, { email: 'forgetful@example.com' });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'forgetful@example.com', redirectTo: '/reset-password' },
      headers: { origin: t.config.publicUrl },
    });
    expect(ask.statusCode).toBe(200);
    const mail = t
      .outbox()
      .find((m) => m.includes('To: forgetful@example.com') && m.includes('Reset your'))!;
    expect(mail).toContain('Reset your Partsmith password');
    // A text part and an HTML part with the shop's button, the same link in both.
    expect(mail).toContain('Content-Type: text/html');
    expect(mail.replace(/=\r?\n/g, '')).toContain('>Choose a new password</a>');
    const link = mail
      .replace(/=\r?\n/g, '')
      .match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/)!;
    expect(link).not.toBeNull();
    const token = link[1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'a brand new secret', token },
      headers: { origin: t.config.publicUrl },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/admin/forgetful@example.com', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'another secret 123', token },
      headers: { origin: t.config.publicUrl },
    });
    expect(again.statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'forgetful@example.com', password: 'a brand new secret' },
      headers: { origin: t.config.publicUrl },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a reset link an hour after it was sent', async () => {
    await signUp(t, { email: 'late@example.com' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const sent = Date.now();
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'late@example.com', redirectTo: '/reset-password' },
        headers: { origin: t.config.publicUrl },
      });
      expect(ask.statusCode).toBe(200);
      const mail = t
        .outbox()
        .find((m) => m.includes('To: late@example.com') && m.includes('Reset your'))!;
      const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(decodeMail(mail))![1]!;
      vi.setSystemTime(sent + 61 * 60 * 1000);
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'too late for this', token },
        headers: { origin: t.config.publicUrl },
      });
      expect(late.statusCode).toBe(400);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'late@example.com', password: 'too late for this' },
        headers: { origin: t.config.publicUrl },
      });
      expect(signIn.statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not reveal whether an account exists when asked for a reset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ghost@example.com', redirectTo: '/reset-password' },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(200);
    expect(t.outbox().some((m) => m.includes('ghost@example.com'))).toBe(false);
  });
});
