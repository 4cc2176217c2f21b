import type { LightMyRequestResponse } from 'fastify';
import { newestLink, VERIFY_EMAIL_PATH } from '../../scripts/mail-links.mjs';
import type { TestApp } from './helpers.ts';

/** The Cookie header a browser would send after this answer. */
export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Signs up through Better Auth and, unless `confirm` is false, confirms the address as a person
 * would: by following the link in the mail the shop sent (read from its outbox).
 */
export async function signUp(
  t: TestApp,
  {
    email,
    name = 'Test User',
    password = 'long enough 123',
    confirm = true,
    mails = () => t.outbox(),
    ip,
  }: {
    email: string;
    name?: string;
    password?: string;
    confirm?: boolean;
    /** Where the shop's mail is read (a test's own mailer instead of the outbox). */
    mails?: () => string[];
    /** The client's address (Better Auth limits sign-ups per address). */
    ip?: string;
  },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    headers: { origin: t.config.publicUrl },
    ...(ip ? { remoteAddress: ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieOf(res);
  if (confirm) await confirmEmail(t, email, cookie, mails());
  return { cookie, user: res.json().user as { id: string; email: string } };
}

/** Follows the newest confirmation link mailed to `email` (with the browser's cookie, if any). */
export async function confirmEmail(t: TestApp, email: string, cookie?: string, mails = t.outbox()) {
  const link = newestLink(mails, email, VERIFY_EMAIL_PATH);
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const url = new URL(link);
  const res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: cookie ? { cookie } : {},
  });
  if (res.statusCode !== 302) throw new Error(`confirmation failed: ${res.statusCode} ${res.body}`);
  return res;
}
