import { and, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { HttpError } from '../../lib/http-errors.ts';
import type { Role } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import { rateLimits, sessions, users, verifications } from '../../db/schema/auth.ts';

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
