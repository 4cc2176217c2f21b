import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  addressLines,
  MAX_ADDRESSES,
  type Address,
  type NewAddressBody,
} from '@partsmith/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, type AddressRow } from '../../db/schema/addresses.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { memberCompanySql, membershipOf, type Membership } from '../companies/service.ts';
import { lockUser } from '../users/service.ts';
import { countryName } from './countries.ts';
import {
  addShared,
  checkMayShare,
  makeNewestDefault,
  managesAddresses,
  NOT_FOUND,
  removeShared,
  replaceShared,
} from './shared.ts';
import { checkAddress, type AddressInput } from './validation.ts';

export { countryName } from './countries.ts';
export { handOverSharedAddresses } from './shared.ts';

/** The account's own addresses (not those it added to its company's). */
const own = (userId: string) => and(eq(addresses.userId, userId), isNull(addresses.companyId));

/** The account's own addresses and, for a member, their company's (read as the statement runs). */
const visible = (userId: string) =>
  or(own(userId), sql`${addresses.companyId} in (${memberCompanySql(userId)})`)!;

/** One of the account's own addresses (another account's, or a company's, is none), or null. */
export async function findAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), own(userId)));
  return row ?? null;
}

/**
 * An address the account may ship to as a subquery for a statement that reads it beside other
 * tables (the checkout's and a quote's pricing, through shipping/service.ts
 * destinationOfAddress): its `country` and `region`, and the whole row as `address` (JSON, read
 * back by addressFromJson). The account's own addresses and, for a member of a company, the
 * company's (issue 49: membership is read by the statement, so a member removed a moment ago
 * finds none). No row for anyone else's.
 */
export const ownAddressSql = (userId: string, id: string): SQL => sql`
  select a.country, a.region, json_build_object(
    'id', a.id, 'userId', a.user_id, 'name', a.name, 'company', a.company, 'line1', a.line1,
    'line2', a.line2, 'city', a.city, 'region', a.region, 'postalCode', a.postal_code,
    'country', a.country, 'phone', a.phone, 'taxId', a.tax_id, 'isDefault', a.is_default,
    'companyId', a.company_id, 'createdAt', a.created_at, 'updatedAt', a.updated_at) as address
  from ${addresses} a where a.id = ${id} and (
    (a.company_id is null and a.user_id = ${userId})
    or a.company_id in (${memberCompanySql(userId)}))`;

/** The row of ownAddressSql's `address` (JSON: its dates as text). */
export function addressFromJson(value: unknown): AddressRow {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as AddressRow & {
    createdAt: string;
    updatedAt: string;
  };
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

/** An address as the API answers it. */
export const toApiAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  company: row.company,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
  taxId: row.taxId,
  isDefault: row.isDefault,
});

/** A company's address as the API answers it to one of its members. */
const toSharedAddress = (row: AddressRow, membership: Membership): Address => ({
  ...toApiAddress(row),
  companyId: membership.companyId,
  companyName: membership.companyName,
  editable: managesAddresses(membership),
});

/**
 * The address as one text, for an order's `address` column: its lines for people (name,
 * company, street, city line, the country's English name) joined with ", ". The phone is not in
 * it: an order keeps that in its own column.
 */
export const formatAddress = (row: AddressRow): string => addressLines(row, countryName).join(', ');

/** Makes no address of the account its default (before another becomes it: one at a time). */
const clearDefault = (tx: DbOrTx, userId: string) =>
  tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(own(userId), eq(addresses.isDefault, true)));

/** Which of the addresses the account sees is `id`, and whose: null when it sees none. */
async function whoseAddress(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ companyId: addresses.companyId })
    .from(addresses)
    .where(and(eq(addresses.id, id), visible(userId)));
  return row ?? null;
}

/**
 * A customer's address book (issue 47). Each write runs in one transaction that first locks the
 * account's row (users/service.ts), so that two requests at once cannot both add a 20th
 * address or both make an address the default (the unique index `addresses_one_default` would
 * refuse the second as a 500). The account always has a default while it has an address: the
 * first one becomes it, and deleting it hands it to the newest address left. A company's shared
 * addresses (shared.ts) are kept the same way, per company, by its owner and admins.
 */
export function createAddressesService(db: Db) {
  return {
    /**
     * The account's addresses: the default first, then the newest first; then, for a member of
     * a company, the company's in the same order, each marked with the company.
     */
    async list(userId: string): Promise<Address[]> {
      const [rows, membership] = await Promise.all([
        db
          .select()
          .from(addresses)
          .where(visible(userId))
          .orderBy(
            sql`${addresses.companyId} is not null`,
            desc(addresses.isDefault),
            desc(addresses.createdAt),
            desc(addresses.id),
          ),
        membershipOf(db, userId),
      ]);
      // A company's row read as the membership changed in between is left out.
      return rows.flatMap((row) => {
        if (row.companyId === null) return [toApiAddress(row)];
        return row.companyId === membership?.companyId ? [toSharedAddress(row, membership)] : [];
      });
    },

    /**
     * Adds an address (checked first); it becomes the default when asked, or when it is the
     * first. With `shared: true`, the caller's company's (its owner and admins only).
     */
    async add(userId: string, body: z.output<typeof NewAddressBody>) {
      const { shared, ...address } = body;
      if (shared) {
        await checkMayShare(db, userId);
        return addShared(db, userId, checkAddress(address), address.isDefault === true);
      }
      const values = checkAddress(address);
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [held] = await tx.select({ n: count() }).from(addresses).where(own(userId));
        const existing = held?.n ?? 0;
        if (existing >= MAX_ADDRESSES)
          throw new HttpError(
            422,
            `Your address book is full: it holds at most ${MAX_ADDRESSES} addresses. Delete one you no longer use first.`,
          );
        const isDefault = existing === 0 || body.isDefault === true;
        if (isDefault && existing > 0) await clearDefault(tx, userId);
        const [row] = await tx
          .insert(addresses)
          .values({ ...values, userId, isDefault })
          .returning({ id: addresses.id });
        return { acknowledged: true as const, insertedId: row!.id };
      });
    },

    /**
     * Replaces an address with the body (checked first). `isDefault: true` makes it the default;
     * false on the default keeps it so, since the account keeps one: another address takes it
     * by being made the default. A company's address: its owner and admins only (403 for its
     * other members), and its default is the company's.
     */
    async replace(userId: string, id: string, body: AddressInput): Promise<Address> {
      const values = checkAddress(body);
      const whose = await whoseAddress(db, userId, id);
      if (!whose) throw notFound(NOT_FOUND);
      if (whose.companyId !== null) {
        const { row, membership } = await replaceShared(
          db,
          userId,
          whose.companyId,
          id,
          values,
          body.isDefault === true,
        );
        return toSharedAddress(row, membership);
      }
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const before = await findAddress(tx, userId, id);
        if (!before) throw notFound(NOT_FOUND);
        const isDefault = before.isDefault || body.isDefault === true;
        if (isDefault && !before.isDefault) await clearDefault(tx, userId);
        const [row] = await tx
          .update(addresses)
          .set({ ...values, isDefault, updatedAt: sql`now()` })
          .where(eq(addresses.id, before.id))
          .returning();
        return toApiAddress(row!);
      });
    },

    /**
     * Deletes an address; when it was the default, the newest address left becomes it. A
     * company's address: its owner and admins only (403 for its other members).
     */
    async remove(userId: string, id: string): Promise<void> {
      const whose = await whoseAddress(db, userId, id);
      if (whose?.companyId) return removeShared(db, userId, whose.companyId, id);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [gone] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), own(userId)))
          .returning({ isDefault: addresses.isDefault });
        if (!gone) throw notFound(NOT_FOUND);
        if (gone.isDefault) await makeNewestDefault(tx, own(userId));
      });
    },
  };
}
