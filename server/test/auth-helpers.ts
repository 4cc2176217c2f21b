import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.ts';

/** The Cookie header a browser would send after this answer. */
export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(
  t: TestApp,
  {
    email,
    name = 'Test User',
    password = 'long enough 123',
  }: { email: string; name?: string; password?: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    headers: { origin: t.config.publicUrl },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieOf(res), user: res.json().user as { id: string; email: string } };
}
