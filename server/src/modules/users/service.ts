import { and, asc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { Role, type UserSummary } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { keysetPage, pageLimit } from '../../db/page-limit.ts';
import { purgeBatch } from '../../db/purge.ts';
import { rateLimits, sessions, users, verifications } from '../../db/schema/auth.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { handOverSharedAddresses } from '../addresses/service.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** Locks the user's row until the transaction ends (one buyer's purchases then take turns). */
export async function lockUser(tx: DbOrTx, id: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** The e-mail of each of these users that still has an account, by id. */
export async function emailsByUserId(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The e-mail address of every admin (the shop's own mails to its owners), oldest first. */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.seq);
  return rows.map((r) => r.email);
}

/** Every account picture's URL, as a subquery for the uploads still in use. */
export const userImageUrls = (): SQL => sql`select ${users.image} as url from ${users}`;

/** Sessions that expired before `before` (at most `limit`); answers how many went. */
export const purgeExpiredSessions = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(db, sessions, [sessions.id], lt(sessions.expiresAt, before)!, limit);

/** Verification tokens that expired before `before` (at most `limit`). */
export const purgeExpiredVerifications = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(db, verifications, [verifications.id], lt(verifications.expiresAt, before)!, limit);

/** Rate-limit rows whose window started before `beforeMs` (`last_request`, in milliseconds). */
export const purgeRateLimits = (db: DbOrTx, beforeMs: number, limit: number) =>
  purgeBatch(db, rateLimits, [rateLimits.id], lt(rateLimits.lastRequest, beforeMs)!, limit);

/**
 * Changes a user's role and ends every session of theirs in the same transaction, so the old
 * cookie or Bearer token answers 401 at once. Answers how many users changed (0 or 1).
 */
export async function setRoleByEmail(db: DbOrTx, email: string, role: Role): Promise<number> {
  return db.transaction(async (tx) => {
    if (role !== 'admin') await refuseIfLastAdmin(tx, { email: email.toLowerCase() });
    const changed = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(users.email, email.toLowerCase()), ne(users.role, role)))
      .returning({ id: users.id });
    for (const { id } of changed) await tx.delete(sessions).where(eq(sessions.userId, id));
    return changed.length;
  });
}

/**
 * ADMIN_EMAILS: makes the user an admin, if listed, confirmed and not one yet (at the address's
 * confirmation, or at a sign-in after it).
 */
export async function promoteConfiguredAdmin(
  db: DbOrTx,
  userId: string,
  adminEmails: readonly string[],
) {
  if (adminEmails.length === 0) return;
  const [user] = await db
    .select({ email: users.email, role: users.role, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (
    user?.emailVerified &&
    user.role !== 'admin' &&
    adminEmails.includes(user.email.toLowerCase())
  ) {
    await db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
}

export class LastAdminError extends HttpError {
  constructor() {
    super(409, 'This is the last administrator: make someone else an admin first.');
    this.name = 'LastAdminError';
  }
}

/**
 * The shop must never be left without an administrator. Every admin's row is locked (in one
 * order, so two callers cannot deadlock) before they are counted: two admins deleting or
 * demoting each other at once are served one after the other, and the second sees one admin.
 * Call it inside the transaction that deletes or demotes.
 */
export async function refuseIfLastAdmin(db: DbOrTx, who: { email: string } | { id: string }) {
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .for('update');
  const target = admins.find((a) => ('email' in who ? a.email === who.email : a.id === who.id));
  if (target && admins.length <= 1) throw new LastAdminError();
}

/** Who asks about an account: the signed-in user. */
interface Viewer {
  email: string;
  role: string;
}

const notYours = () => new HttpError(403, 'You may only ask about your own account.');

/** Whether an account is an administrator: the viewer's own, or any for an admin (else 403). */
export async function isAdmin(db: DbOrTx, viewer: Viewer, email: string): Promise<boolean> {
  if (email === viewer.email) return viewer.role === 'admin';
  if (viewer.role !== 'admin') throw notYours();
  return (await findUserByEmail(db, email))?.role === 'admin';
}

/** Refuses (403) a viewer asking for another account's token. */
export function refuseOtherAccount(viewer: Viewer, email: string) {
  if (email !== viewer.email) throw notYours();
}

/** Every account, oldest first, a page at a time past `cursor` (for the admins). */
export async function listUsers(db: DbOrTx, q: { limit: number; cursor?: string }) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(q.cursor ? gt(users.seq, Number(q.cursor)) : undefined)
      .orderBy(asc(users.seq))
      .limit(pageLimit(q.limit + 1)),
    db.$count(users),
  ]);
  const { page, nextCursor } = keysetPage(rows, q.limit);
  const list: UserSummary[] = page.map((u) => ({
    _id: u.id,
    email: u.email,
    name: u.name,
    role: Role.safeParse(u.role).data ?? 'customer',
    createdAt: u.createdAt.toISOString(),
  }));
  return { users: list, total, nextCursor };
}

/** Makes an account an administrator (its sessions end at once), audited; answers 0 or 1. */
export function makeAdmin(db: Db, email: string, admin: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.email, email));
    if (!target) throw notFound('No account uses that e-mail.');
    const modifiedCount = await setRoleByEmail(tx, target.email, 'admin');
    if (modifiedCount > 0) {
      await recordAudit(tx, admin, {
        action: 'user.role',
        targetId: target.id,
        summary: `Made ${target.email} an administrator`,
        before: { role: target.role },
        after: { role: 'admin' },
      });
    }
    return modifiedCount;
  });
}

/** Deletes an account (never the last administrator), audited; its sessions end at once. */
export function deleteUser(db: Db, id: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id));
    if (!target) throw notFound('No such account.');
    await refuseIfLastAdmin(tx, { id: target.id });
    // Sessions, accounts, the profile and own addresses go with the user (ON DELETE CASCADE);
    // orders keep a copy; the addresses it shared with its company stay the company's.
    await handOverSharedAddresses(tx, target.id);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, admin, {
      action: 'user.delete',
      targetId: target.id,
      summary: `Deleted the account ${target.email}`,
      before: { email: target.email, name: target.name, role: target.role },
    });
  });
}
