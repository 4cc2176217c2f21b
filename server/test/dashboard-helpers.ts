import { buildTestApp, multipart, type DbKind, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

export interface Account {
  cookie: string;
  user: { id: string };
}

/** The dashboards' shop: owner@example.com its admin (`admin`: the cookie), two customers. */
export interface Dashboards {
  t: TestApp;
  admin: string;
  customer: Account;
  other: Account;
}

/** A shop on a fresh database with its admin and two customers signed up. */
export async function openDashboards(kind: DbKind): Promise<Dashboards> {
  const t = await buildTestApp(kind, {
    env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  const admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
  const customer = await signUp(t, { email: 'cara@example.com', name: 'Cara Customer' });
  const other = await signUp(t, { email: 'otto@example.com', name: 'Otto Other' });
  return { t, admin, customer, other };
}

/** An upload through the upload form, as the caller with `cookie`. */
export function uploadImage(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  filename = 'photo.png',
  type = 'image/png',
) {
  const { payload, contentType } = multipart(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { cookie, 'content-type': contentType },
    payload,
  });
}
