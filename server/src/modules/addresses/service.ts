import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { addressLines, MAX_ADDRESSES, type Address } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, type AddressRow } from '../../db/schema/addresses.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { lockUser } from '../users/service.ts';
import { countryName } from './countries.ts';
import { checkAddress, type AddressInput } from './validation.ts';

export { countryName } from './countries.ts';

/** Another account's address answers exactly like a missing one. */
const NOT_FOUND = 'We could not find that address in your address book.';

/** One of the account's addresses (another account's is none), or null. */
export async function findAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row ?? null;
}

/**
 * One of the account's addresses as a subquery for a statement that reads it beside other
 * tables (the checkout's pricing, through shipping/service.ts destinationOfAddress): its `country` and `region`, and
 * the whole row as `address` (JSON, read back by addressFromJson). No row when the address is
 * not the account's.
 */
export const ownAddressSql = (userId: string, id: string): SQL => sql`
  select a.country, a.region, json_build_object(
    'id', a.id, 'userId', a.user_id, 'name', a.name, 'company', a.company, 'line1', a.line1,
    'line2', a.line2, 'city', a.city, 'region', a.region, 'postalCode', a.postal_code,
    'country', a.country, 'phone', a.phone, 'taxId', a.tax_id, 'isDefault', a.is_default,
    'createdAt', a.created_at, 'updatedAt', a.updated_at) as address
  from ${addresses} a where a.id = ${id} and a.user_id = ${userId}`;

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
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));

/**
 * A customer's address book (issue 47). Each write runs in one transaction that first locks the
 * account's row (users/service.ts), so that two requests at once cannot both add a 20th
 * address or both make an address the default (the unique index `addresses_one_default` would
 * refuse the second as a 500). The account always has a default while it has an address: the
 * first one becomes it, and deleting it hands it to the newest address left.
 */
export function createAddressesService(db: Db) {
  return {
    /** The account's addresses: the default first, then the newest first. */
    async list(userId: string): Promise<Address[]> {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
      return rows.map(toApiAddress);
    },

    /** Adds an address (checked first); it becomes the default when asked, or when it is the first. */
    async add(userId: string, body: AddressInput) {
      const values = checkAddress(body);
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [held] = await tx
          .select({ n: count() })
          .from(addresses)
          .where(eq(addresses.userId, userId));
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
     * by being made the default.
     */
    async replace(userId: string, id: string, body: AddressInput): Promise<Address> {
      const values = checkAddress(body);
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

    /** Deletes an address; when it was the default, the newest address left becomes it. */
    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [gone] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning({ isDefault: addresses.isDefault });
        if (!gone) throw notFound(NOT_FOUND);
        if (!gone.isDefault) return;
        const [newest] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.createdAt), desc(addresses.id))
          .limit(1);
        if (newest)
          await tx
            .update(addresses)
            .set({ isDefault: true, updatedAt: sql`now()` })
            .where(eq(addresses.id, newest.id));
      });
    },
  };
}
