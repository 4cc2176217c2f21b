import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contactMessages,
  idempotencyKeys,
  newsletterSubscribers,
  processedEvents,
  rateLimits,
  sessions,
  stockAlerts,
  users,
  verifications,
} from '../src/db/schema/index.ts';
import { insertPart, insertReviews } from '../src/db/seed/factories.ts';
import { housekeeping } from '../src/modules/housekeeping/plugin.ts';
import { PURGE_BATCH, rateLimitKeepMs } from '../src/modules/housekeeping/service.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { startTestBucket, type TestBucket } from './test-bucket.ts';
import { insertOrders } from './order-rows.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Where a scenario's uploads are written: the folder or the bucket, each file made `age` old. */
interface UploadFiles {
  t: TestApp;
  /** An account whose picture the scenario sets. */
  userId: string;
  write(name: string, age: number): Promise<void> | void;
  /** Those of `names` still stored. */
  present(names: string[]): Promise<string[]>;
}

/** The upload purge, the same on either store: old unused uploads go, young and used ones stay. */
const uploadPurge = (files: () => UploadFiles) => async () => {
  const { t, userId, write, present } = files();
  const db = t.database.db;
  /** An upload as the store writes it: the full size and its width copies. */
  const upload = async (age: number, copies = [400, 800]) => {
    const id = randomUUID();
    const names = [`${id}.webp`, ...copies.map((w) => `${id}-${w}.webp`)];
    for (const name of names) await write(name, age);
    return { id, url: `/uploads/${id}.webp`, names };
  };

  const orphan = await upload(DAY + HOUR);
  const young = await upload(DAY - HOUR);
  // An old upload whose copy was just written (a save in progress): not old yet.
  const saving = await upload(2 * DAY, []);
  await write(`${saving.id}-400.webp`, 0);
  const tmp = randomUUID();
  await write(`.${tmp}.webp.tmp`, 2 * DAY);
  await write('notes.txt', 10 * DAY);

  const byPart = await upload(3 * DAY);
  const byDeletedPart = await upload(3 * DAY);
  const byReview = await upload(3 * DAY);
  const byUser = await upload(3 * DAY);
  const byOrder = await upload(3 * DAY);
  await insertPart(db, { image: byPart.url });
  await insertPart(db, { image: byDeletedPart.url, deletedAt: new Date() });
  await insertReviews(db, [{ image: byReview.url }]);
  // The account's picture may be written as a full address.
  await db
    .update(users)
    .set({ image: `${t.config.publicUrl}${byUser.url}` })
    .where(eq(users.id, userId));
  await insertOrders(db, {
    userId,
    name: 'Retired part',
    image: byOrder.url,
    description: 'Bought before the part got a new picture.',
    unitPriceCents: 1000,
    quantity: 1,
    userEmail: 'kept@example.com',
    userName: 'Kept',
    address: '1 Main Street',
    phone: '+1 217 555 0100',
    stockAfter: 5,
  });

  const report = await t.app.housekeeping.runOnce();
  expect(report.uploads).toBe(2);
  expect(await present(orphan.names)).toEqual([]);
  expect(await present([`.${tmp}.webp.tmp`])).toEqual([]);
  for (const kept of [young, byPart, byDeletedPart, byReview, byUser, byOrder]) {
    expect(await present(kept.names)).toEqual(kept.names);
  }
  expect(await present([...saving.names, `${saving.id}-400.webp`, 'notes.txt'])).toHaveLength(3);
  expect(await t.app.images.has(byPart.url)).toBe(true);
  expect(await t.app.images.has(orphan.url)).toBe(false);

  // Once nothing uses it any more (and it is old), it goes too.
  await db.update(users).set({ image: null }).where(eq(users.id, userId));
  expect((await t.app.housekeeping.runOnce()).uploads).toBe(1);
  expect(await present(byUser.names)).toEqual([]);
  expect(await present(byPart.names)).toEqual(byPart.names);
};

describe.each(DB_KINDS)('housekeeping on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const [user] = await t.database.db
      .insert(users)
      .values({ name: 'Kept', email: 'kept@example.com' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const ids = async <T>(rows: Promise<T[]>, pick: (row: T) => string) =>
    (await rows).map(pick).sort();

  it('purges exactly the expired and old rows of each table, and keeps the rest', async () => {
    const session = (name: string, expiresAt: Date) => ({
      id: randomUUID(),
      token: `${name}-${randomUUID()}`,
      userId,
      expiresAt,
    });
    const [expired, live] = [session('expired', ago(60_000)), session('live', ago(-HOUR))];
    await db().insert(sessions).values([expired, live]);
    const verification = (expiresAt: Date) => ({
      id: randomUUID(),
      identifier: 'email-verification',
      value: randomUUID(),
      expiresAt,
    });
    const [spent, pending] = [verification(ago(1000)), verification(ago(-HOUR))];
    await db().insert(verifications).values([spent, pending]);
    await db()
      .insert(idempotencyKeys)
      .values([
        { userId, key: 'old-key-123', requestHash: 'x', createdAt: ago(DAY + HOUR) },
        { userId, key: 'fresh-key-123', requestHash: 'x', createdAt: ago(DAY - HOUR) },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: 'limit:contact:ip:old', count: 3, lastRequest: Date.now() - 2 * DAY },
        { key: 'limit:contact:ip:fresh', count: 3, lastRequest: Date.now() - HOUR },
      ]);
    await db()
      .insert(processedEvents)
      .values([
        { id: 'evt_old', type: 'payment_intent.succeeded', processedAt: ago(31 * DAY) },
        { id: 'evt_recent', type: 'payment_intent.succeeded', processedAt: ago(29 * DAY) },
      ]);
    // Confirm links last 7 days: a sign-up never confirmed in that time is forgotten.
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: 'never@example.com', createdAt: ago(8 * DAY) },
        { email: 'waiting@example.com', createdAt: ago(6 * DAY) },
        { email: 'member@example.com', createdAt: ago(300 * DAY), confirmedAt: ago(299 * DAY) },
      ]);
    // A stock alert's confirmation link lasts 7 days from its mail too; a deleted part's alerts
    // can never be sent.
    const alerted = await insertPart(db(), { availableQuantity: 0 });
    const retired = await insertPart(db(), { availableQuantity: 0, deletedAt: ago(DAY) });
    await db()
      .insert(stockAlerts)
      .values([
        { partId: alerted.id, email: 'lapsed@example.com', notifiedAt: ago(8 * DAY) },
        { partId: alerted.id, email: 'mailed@example.com', notifiedAt: ago(6 * DAY) },
        { partId: alerted.id, email: 'sure@example.com', confirmedAt: ago(60 * DAY) },
        { partId: retired.id, email: 'sure@example.com', confirmedAt: ago(60 * DAY) },
      ]);

    // A message handled more than HANDLED_MESSAGE_DAYS (365) ago goes; one handled since, or
    // never handled however old, stays.
    const message = (subject: string, handledAt: Date | null) => ({
      email: 'writer@example.com',
      subject,
      message: 'A question.',
      createdAt: ago(800 * DAY),
      handledAt,
    });
    await db()
      .insert(contactMessages)
      .values([
        message('answered long ago', ago(366 * DAY)),
        message('answered this year', ago(300 * DAY)),
        message('never answered', null),
      ]);

    const report = await t.app.housekeeping.runOnce();
    expect(report).toEqual({
      sessions: 1,
      verifications: 1,
      idempotencyKeys: 1,
      rateLimits: 1,
      processedEvents: 1,
      unconfirmedSubscribers: 1,
      staleStockAlerts: 2,
      visitorCarts: 0,
      handledMessages: 1,
      uploads: 0,
    });
    expect(await ids(db().select().from(sessions), (r) => r.id)).toEqual([live.id]);
    expect(await ids(db().select().from(verifications), (r) => r.id)).toEqual([pending.id]);
    expect(await ids(db().select().from(idempotencyKeys), (r) => r.key)).toEqual(['fresh-key-123']);
    expect(await ids(db().select().from(rateLimits), (r) => r.key)).toEqual([
      'limit:contact:ip:fresh',
    ]);
    expect(await ids(db().select().from(processedEvents), (r) => r.id)).toEqual(['evt_recent']);
    expect(await ids(db().select().from(newsletterSubscribers), (r) => r.email)).toEqual([
      'member@example.com',
      'waiting@example.com',
    ]);
    expect(await ids(db().select().from(stockAlerts), (r) => r.email)).toEqual([
      'mailed@example.com',
      'sure@example.com',
    ]);
    expect(await ids(db().select().from(contactMessages), (r) => r.subject)).toEqual([
      'answered this year',
      'never answered',
    ]);
    // Nothing left to do.
    expect(Object.values(await t.app.housekeeping.runOnce())).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('deletes at most a batch per table and run; the next run takes the rest', async () => {
    await db().execute(sql`
      insert into ${sessions} (token, user_id, expires_at)
      select 'batch-' || n, ${userId}, now() - interval '1 day'
      from generate_series(1, ${PURGE_BATCH + 3}) as n`);
    expect((await t.app.housekeeping.runOnce()).sessions).toBe(PURGE_BATCH);
    expect((await t.app.housekeeping.runOnce()).sessions).toBe(3);
    expect(await db().$count(sessions, sql`${sessions.token} like 'batch-%'`)).toBe(0);
  });

  it('runs one purge at a time: a call during a run gets that run', async () => {
    const first = t.app.housekeeping.runOnce();
    expect(t.app.housekeeping.runOnce()).toBe(first);
    await first;
    const next = t.app.housekeeping.runOnce();
    expect(next).not.toBe(first);
    await next;
  });

  it('keeps rate-limit rows for the longest window when it is longer than a day', () => {
    expect(rateLimitKeepMs([60, 600])).toBe(DAY);
    expect(rateLimitKeepMs([60, 3 * 86_400])).toBe(3 * DAY);
  });

  describe('uploads in the folder', () => {
    const dir = () => t.config.uploadsDir;
    it(
      'deletes old uploads nothing uses, with their copies; keeps young and used ones',
      uploadPurge(() => ({
        t,
        userId,
        write(name, age) {
          fs.mkdirSync(dir(), { recursive: true });
          const file = path.join(dir(), name);
          fs.writeFileSync(file, 'RIFF....WEBP');
          const at = new Date(Date.now() - age);
          fs.utimesSync(file, at, at);
        },
        present: async (names) => names.filter((n) => fs.existsSync(path.join(dir(), n))),
      })),
    );
  });
});

describe.each(DB_KINDS)('housekeeping of uploads in a bucket on %s', (kind) => {
  let bucket: TestBucket;
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await buildTestApp(kind, { env: bucket.env });
    const [user] = await t.database.db
      .insert(users)
      .values({ name: 'Kept', email: 'kept@example.com' })
      .returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
  });

  it(
    'deletes old uploads nothing uses, with their copies; keeps young and used ones',
    uploadPurge(() => ({
      t,
      userId,
      async write(name, age) {
        await bucket.put(`uploads/${name}`, 'RIFF....WEBP');
        await bucket.age(`uploads/${name}`, age);
      },
      async present(names) {
        const keys = await bucket.keys();
        return names.filter((n) => keys.includes(`uploads/${n}`));
      },
    })),
  );

  it('keeps what is outside uploads/ and what an upload saved here is still named by', async () => {
    await bucket.put('backups/old.webp', 'x');
    await bucket.age('backups/old.webp', 10 * DAY);
    const url = await t.app.images.save(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#334155' } })
        .webp()
        .toBuffer(),
    );
    const name = url.slice('/uploads/'.length);
    await insertReviews(t.database.db, [{ image: url }]);
    for (const key of await bucket.keys()) await bucket.age(key, 3 * DAY);
    await t.app.housekeeping.runOnce();
    expect(await bucket.keys()).toEqual(
      expect.arrayContaining(['backups/old.webp', `uploads/${name}`]),
    );
    expect(await t.app.images.has(url)).toBe(true);
  });
});

describe('the housekeeping timer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('does not run in tests unless asked; asked, it runs on its interval until closed', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ name: 'Timer', email: 'timer@example.com' })
      .returning();
    const expired = () => ({
      token: randomUUID(),
      userId: user!.id,
      expiresAt: ago(HOUR),
    });
    await t.database.db.insert(sessions).values(expired());
    // The shop's own app (NODE_ENV=test) started no timer: the row is still there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await t.database.db.$count(sessions)).toBe(1);

    const app = Fastify({ logger: false });
    app.decorate('config', t.config);
    app.decorate('db', t.database.db);
    app.decorate('images', t.app.images);
    await app.register(housekeeping, { start: true, intervalMs: 20 });
    await app.ready();
    await vi.waitFor(async () => expect(await t.database.db.$count(sessions)).toBe(0));
    // And again on the next tick.
    await t.database.db.insert(sessions).values(expired());
    await vi.waitFor(async () => expect(await t.database.db.$count(sessions)).toBe(0));
    await app.close();
    await t.database.db.insert(sessions).values(expired());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await t.database.db.$count(sessions)).toBe(1);
  });
});
