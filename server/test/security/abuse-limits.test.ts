import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviews } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { UPLOADS_AT_ONCE } from '../../src/modules/uploads/routes.ts';
import { signUp } from '../auth-helpers.ts';
import { DB_KINDS, SHOP_LIMITS, buildTestApp, multipart, type TestApp } from '../helpers.ts';
import { abuseCalls } from './abuse-helpers.ts';

/**
 * The trust section of the security suite ("abuse"), its limits per client address and per
 * account, with the shop's own defaults; each test prints its figure. The accounts, the orders
 * and the admins are in abuse.test.ts.
 */
describe.each(DB_KINDS)('security suite 9: abuse on %s', (kind) => {
  let t: TestApp;
  const figure = (text: string) => console.log(`[abuse ${kind}] ${text}`);
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...SHOP_LIMITS, ADMIN_EMAILS: 'owner@example.com' },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const { origin, post, purchase, upload, firstWith } = abuseCalls(() => t);

  it('limits contact messages and newsletter sign-ups per client address', async () => {
    const contact: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/contact',
        { email: 'spam@example.com', subject: `Offer ${i}`, message: 'Buy our cheap watches now' },
        undefined,
        '203.0.113.7',
      );
      contact.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const newsletter: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/newsletter',
        { email: `n${i}@example.com` },
        undefined,
        '203.0.113.7',
      );
      newsletter.push(res.statusCode);
    }
    // Another address is not held back by the first one's limit.
    const other = await post(
      '/api/contact',
      { email: 'kind@example.com', subject: 'Hello', message: 'A question about RAM' },
      undefined,
      '203.0.113.8',
    );
    expect(firstWith(contact, 429)).toBe(6);
    expect(firstWith(newsletter, 429)).toBe(6);
    expect(other.statusCode).toBe(200);
    const last = await post(
      '/api/contact',
      { email: 'spam@example.com', subject: 'Again', message: 'Buy our cheap watches now' },
      undefined,
      '203.0.113.7',
    );
    expect(last.json().message).toMatch(/try again in \d+ minutes?/);
    figure(
      `20 contact posts: first 429 at #${firstWith(contact, 429)}; 20 newsletter sign-ups: ` +
        `first 429 at #${firstWith(newsletter, 429)}; another address 200`,
    );
  });

  it('limits purchases, reviews and uploads per account', async () => {
    const { cookie } = await signUp(t, { email: 'busy@example.com', ip: '192.0.2.6' });
    const part = await insertPart(t.database.db, { availableQuantity: 1000 });
    const uploads: number[] = [];
    for (let i = 0; i < 40; i++) uploads.push((await upload(cookie)).statusCode);
    const image = 'https://cdn.example.com/avatar-1.webp';
    const reviewStatuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      reviewStatuses.push(
        (await post('/api/addReview', { rating: 5, type: `Review ${i}`, image }, cookie))
          .statusCode,
      );
    }
    // Purchases: pay nothing, delete each order, so the unpaid-order limit is not what stops them.
    const purchases: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await purchase(cookie, part.id);
      purchases.push(res.statusCode);
      if (res.statusCode === 200) {
        await t.app.inject({
          method: 'DELETE',
          url: `/api/orders/${res.json().insertedId}`,
          headers: { ...origin(), cookie },
        });
      }
    }
    expect(firstWith(uploads, 429)).toBe(21);
    expect(firstWith(reviewStatuses, 429)).toBe(6);
    expect(firstWith(purchases, 429)).toBe(21);
    expect(reviewStatuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    figure(
      `40 uploads: first 429 at #${firstWith(uploads, 429)}; 8 reviews: at #` +
        `${firstWith(reviewStatuses, 429)}; 25 purchases: at #${firstWith(purchases, 429)}`,
    );
  });

  it('processes at most UPLOADS_AT_ONCE images at a time and refuses the rest with 429', async () => {
    const { cookie } = await signUp(t, { email: 'burst@example.com', ip: '192.0.2.10' });
    // A large, noisy picture: each takes sharp long enough for the others to arrive meanwhile.
    const noise = Buffer.alloc(1600 * 1600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const { payload, contentType } = multipart(big, 'big.png', 'image/png');
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE + 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { cookie, 'content-type': contentType },
          payload,
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(ok + refused.length).toBe(answers.length);
    expect(ok).toBeGreaterThanOrEqual(UPLOADS_AT_ONCE);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBe('5');
    figure(
      `${answers.length} uploads at once (at most ${UPLOADS_AT_ONCE} processed together): ` +
        `${ok} processed, ${refused.length} refused with 429`,
    );
  });

  it('mails confirmation and reset links a few times per account, whoever asks', async () => {
    await signUp(t, { email: 'mailbox@example.com', confirm: false, ip: '192.0.2.7' });
    const resend: number[] = [];
    const reset: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ip = `198.51.100.${i + 1}`;
      resend.push(
        (await post('/api/auth/send-verification-email', { email: 'mailbox@example.com' }, '', ip))
          .statusCode,
      );
      reset.push(
        (
          await post(
            '/api/auth/request-password-reset',
            { email: 'mailbox@example.com', redirectTo: '/reset-password' },
            '',
            ip,
          )
        ).statusCode,
      );
    }
    expect(firstWith(resend, 429)).toBe(4);
    expect(firstWith(reset, 429)).toBe(4);
    figure(
      `confirmation link asked 5 times from 5 addresses: ${resend.join(', ')}; reset link: ${reset.join(', ')}`,
    );
  });

  it('signs a review with the account name, whatever name is sent', async () => {
    const { cookie, user } = await signUp(t, {
      email: 'reviewer@example.com',
      name: 'Rita Real',
      ip: '192.0.2.8',
    });
    const res = await post(
      '/api/addReview',
      {
        name: 'Partsmith Support',
        rating: 5,
        type: 'Official!',
        image: 'https://cdn.example.com/avatar-2.webp',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, res.json().insertedId as string));
    expect(row).toMatchObject({ name: 'Rita Real', userId: user.id });
    const shown = (await t.app.inject('/api/reviews')).json() as { name: string }[];
    expect(shown.some((r) => r.name === 'Partsmith Support')).toBe(false);
    figure(`review posted as "Partsmith Support" is stored and shown as "${row!.name}"`);
  });
});
