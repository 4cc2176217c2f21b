import type { Mailer } from '../src/mail/mailer.ts';
import { buildTestApp, type DbKind, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

export const ADDRESS = '1 Main Street, Springfield, IL 62701';
export const PHONE = '+1 (217) 555-0100';

/** The owner's tools' shop: two admins (`owner`: the first's cookie) and four buyers. */
export interface OwnerTools {
  t: TestApp;
  owner: string;
  buyers: { cookie: string }[];
}

/** A shop on a fresh database whose mail goes to `mailer`, its admins and buyers signed up. */
export async function openOwnerTools(
  kind: DbKind,
  mailer: Mailer,
  mails: () => string[],
): Promise<OwnerTools> {
  const t = await buildTestApp(kind, {
    env: { ADMIN_EMAILS: 'owner@example.com,boss@example.com' },
    deps: { mailer },
  });
  const owner = (await signUp(t, { email: 'owner@example.com', name: 'Owner', mails })).cookie;
  await signUp(t, { email: 'boss@example.com', name: 'Boss', mails });
  const buyers = await Promise.all(
    ['ann', 'ben', 'cat', 'dan'].map((n) => signUp(t, { email: `${n}@example.com`, mails })),
  );
  return { t, owner, buyers };
}
