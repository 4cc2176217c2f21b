import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { MAX_ADDRESSES } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, type AddressRow } from '../../db/schema/addresses.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { MANAGING_ROLES } from '../companies/roles.ts';
import { lockCompany, membershipOf, successorOf, type Membership } from '../companies/service.ts';
import type { CheckedAddress } from './validation.ts';

/**
 * A company's shared addresses (issue 49): rows of `addresses` with `company_id` set, `user_id`
 * naming the member who added them. Every member of the company reads them and ships to them;
 * its owner and admins add, change and delete them. The company's default is one of them (the
 * unique index `addresses_one_company_default`). Each write runs in one transaction behind a
 * lock on the company's row, so two admins at once cannot both add a 21st address or both make
 * one the default.
 */

/** Said for any address the caller cannot see: another company's is not found either. */
export const NOT_FOUND = 'We could not find that address in your address book.';
export const NO_COMPANY =
  'You belong to no company, so there is no company to share the address with (shared).';
export const SHARE_FORBIDDEN =
  'Only your company’s owner and admins can share an address with the company.';
export const EDIT_FORBIDDEN =
  'Only your company’s owner and admins can change or delete the company’s addresses.';

/** Whether the member keeps the company's addresses (its owner and admins). */
export const managesAddresses = (membership: Membership) =>
  MANAGING_ROLES.includes(membership.role);

/** Makes none of the company's addresses its default (before another becomes it). */
const clearCompanyDefault = (tx: DbOrTx, companyId: string) =>
  tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)));

/**
 * The caller's membership when they keep the company's addresses; a non-member is refused with
 * `outsider` (404 for an address they cannot see, 422 when they ask to share one).
 */
async function keeper(
  db: DbOrTx,
  userId: string,
  outsider: HttpError,
  forbidden: string,
  companyId?: string,
): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (!membership || (companyId !== undefined && membership.companyId !== companyId))
    throw outsider;
  if (!managesAddresses(membership)) throw new HttpError(403, forbidden);
  return membership;
}

/** Refuses a share before the address is checked: a buyer learns why at once. */
export const checkMayShare = (db: Db, userId: string) =>
  keeper(db, userId, new HttpError(422, NO_COMPANY), SHARE_FORBIDDEN);

/**
 * Adds an address to the caller's company (its owner or an admin): the company's first becomes
 * its default, as does one sent with `isDefault: true`. At most MAX_ADDRESSES per company.
 */
export async function addShared(
  db: Db,
  userId: string,
  values: CheckedAddress,
  wantsDefault: boolean,
) {
  return db.transaction(async (tx) => {
    const { companyId } = await keeper(tx, userId, new HttpError(422, NO_COMPANY), SHARE_FORBIDDEN);
    await lockCompany(tx, companyId);
    const [held] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.companyId, companyId));
    const existing = held?.n ?? 0;
    if (existing >= MAX_ADDRESSES)
      throw new HttpError(
        422,
        `Your company’s address book is full: it holds at most ${MAX_ADDRESSES} addresses. Delete one it no longer uses first.`,
      );
    const isDefault = existing === 0 || wantsDefault;
    if (isDefault && existing > 0) await clearCompanyDefault(tx, companyId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, userId, companyId, isDefault })
      .returning({ id: addresses.id });
    return { acknowledged: true as const, insertedId: row!.id };
  });
}

/**
 * Replaces one of the company's addresses (its owner or an admin). `isDefault: true` makes it
 * the company's default; the default stays so until another is made it.
 */
export async function replaceShared(
  db: Db,
  userId: string,
  companyId: string,
  id: string,
  values: CheckedAddress,
  wantsDefault: boolean,
): Promise<{ row: AddressRow; membership: Membership }> {
  return db.transaction(async (tx) => {
    const membership = await keeper(tx, userId, notFound(NOT_FOUND), EDIT_FORBIDDEN, companyId);
    await lockCompany(tx, companyId);
    const [before] = await tx
      .select({ isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)));
    if (!before) throw notFound(NOT_FOUND);
    const isDefault = before.isDefault || wantsDefault;
    if (isDefault && !before.isDefault) await clearCompanyDefault(tx, companyId);
    const [row] = await tx
      .update(addresses)
      .set({ ...values, isDefault, updatedAt: sql`now()` })
      .where(eq(addresses.id, id))
      .returning();
    return { row: row!, membership };
  });
}

/** After the default was deleted: the newest address of the book `book` becomes the default. */
export async function makeNewestDefault(tx: DbOrTx, book: SQL | undefined): Promise<void> {
  const [newest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(book)
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  if (newest)
    await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(eq(addresses.id, newest.id));
}

/** Deletes one of the company's addresses; when it was the default, its newest left becomes it. */
export async function removeShared(
  db: Db,
  userId: string,
  companyId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await keeper(tx, userId, notFound(NOT_FOUND), EDIT_FORBIDDEN, companyId);
    await lockCompany(tx, companyId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw notFound(NOT_FOUND);
    if (gone.isDefault) await makeNewestDefault(tx, eq(addresses.companyId, companyId));
  });
}

/**
 * Before an account is deleted: the company addresses it added stay with the company, handed to
 * its owner or an admin (its own addresses go with it). Without anyone to keep them, they go too.
 */
export async function handOverSharedAddresses(tx: DbOrTx, userId: string): Promise<void> {
  const added = await tx
    .selectDistinct({ companyId: addresses.companyId })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNotNull(addresses.companyId)));
  for (const { companyId } of added) {
    const keeper = await successorOf(tx, companyId!, userId);
    if (keeper)
      await tx
        .update(addresses)
        .set({ userId: keeper })
        .where(and(eq(addresses.userId, userId), eq(addresses.companyId, companyId!)));
  }
}
