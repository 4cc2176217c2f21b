import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { parts } from '../../src/db/schema/index.ts';
import { multipart, type TestApp } from '../helpers.ts';

export const ADDRESS = '1 Main Street, Springfield, IL 62701';
export const PHONE = '+1 (217) 555-0100';
export const PASSWORD = 'long enough 123';

/** The abuse suites' calls, on the shop `app()` answers when they are made. */
export function abuseCalls(app: () => TestApp) {
  const origin = () => ({ origin: app().config.publicUrl });
  const post = (url: string, payload: unknown, cookie?: string, ip = '127.0.0.1') =>
    app().app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...origin(), ...(cookie ? { cookie } : {}) },
      remoteAddress: ip,
    });
  const purchase = (cookie: string, partId: string) =>
    post('/api/purchase', { partId, quantity: 1, address: ADDRESS, phone: PHONE }, cookie);
  const stockOf = async (id: string) =>
    (await app().database.db.select().from(parts).where(eq(parts.id, id)))[0]!.availableQuantity;
  const png = () =>
    sharp({ create: { width: 32, height: 32, channels: 3, background: '#334155' } })
      .png()
      .toBuffer();
  const upload = async (cookie: string) => {
    const { payload, contentType } = multipart(await png(), 'a.png', 'image/png');
    return app().app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  };
  // Each test's callers come from their own addresses: Better Auth limits sign-ups and sign-ins
  // per address, and that is not what these tests prove.
  const signIn = (email: string, password: string, ip: string) =>
    post('/api/auth/sign-in/email', { email, password }, undefined, ip);
  /** The 1-based position of the first answer with `status`, or 0. */
  const firstWith = (statuses: number[], status: number) => statuses.indexOf(status) + 1;
  return { origin, post, purchase, stockOf, upload, signIn, firstWith };
}
