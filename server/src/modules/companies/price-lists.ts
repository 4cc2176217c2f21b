import { desc, eq, inArray } from 'drizzle-orm';
import type { PriceList, PriceListBody } from '@partsmith/contract/price-lists';
import { toCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  companyAccounts,
  priceListDiscounts,
  priceListPrices,
  priceLists,
} from '../../db/schema/companies.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { categoryNames, partsByIds } from '../parts/repository.ts';
import { priceListName } from './directory.ts';
import { membershipOf } from './service.ts';

/** Rows are written this many at a time (a list may hold 10,000 prices). */
const CHUNK = 1000;

/** Whether `day` (YYYY-MM-DD) is a day of the calendar: not 2025-02-30. */
const realDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/**
 * The price lists (newest first), or the one with `onlyId`: each with its fixed prices (the part's
 * number, name and list price beside them, by part number), its discounts (with the category's
 * name) and the companies that buy on it. Money in dollars.
 */
export async function priceListsOf(db: DbOrTx, onlyId?: string): Promise<PriceList[]> {
  const lists = await db
    .select()
    .from(priceLists)
    .where(onlyId ? eq(priceLists.id, onlyId) : undefined)
    .orderBy(desc(priceLists.createdAt), desc(priceLists.id));
  if (lists.length === 0) return [];
  const ids = lists.map((l) => l.id);
  const prices = await db
    .select()
    .from(priceListPrices)
    .where(inArray(priceListPrices.priceListId, ids));
  const discounts = await db
    .select()
    .from(priceListDiscounts)
    .where(inArray(priceListDiscounts.priceListId, ids));
  const buyers = await db
    .select({ listId: companyAccounts.priceListId, id: companies.id, name: companies.name })
    .from(companyAccounts)
    .innerJoin(companies, eq(companies.id, companyAccounts.companyId))
    .where(inArray(companyAccounts.priceListId, ids))
    .orderBy(companies.name);
  const partOf = new Map(
    (await partsByIds(db, [...new Set(prices.map((p) => p.partId))])).map((p) => [p.id, p]),
  );
  const categoryName = await categoryNames(db, [...new Set(discounts.map((d) => d.category))]);
  return lists.map((list) => ({
    _id: list.id,
    name: list.name,
    prices: prices
      .filter((p) => p.priceListId === list.id)
      .flatMap((p) => {
        // A part deleted for good takes its price with it (the foreign key); none is missing.
        const part = partOf.get(p.partId);
        return part
          ? [
              {
                partId: p.partId,
                price: p.priceCents / 100,
                sku: part.sku,
                name: part.name,
                listPrice: part.priceCents / 100,
              },
            ]
          : [];
      })
      .sort((a, b) => (a.sku ?? '').localeCompare(b.sku ?? '') || a.name.localeCompare(b.name)),
    discounts: discounts
      .filter((d) => d.priceListId === list.id)
      .map((d) => ({
        category: d.category,
        percent: Number(d.percent),
        categoryName: categoryName.get(d.category) ?? d.category,
      }))
      .sort((a, b) => a.categoryName.localeCompare(b.categoryName)),
    validFrom: list.validFrom,
    validUntil: list.validUntil,
    companies: buyers.filter((c) => c.listId === list.id).map((c) => ({ _id: c.id, name: c.name })),
    updatedAt: list.updatedAt.toISOString(),
  }));
}

/** A body's prices and discounts as rows (cents), checked; 400 or 404 naming what is wrong. */
async function checkedBody(tx: DbOrTx, body: PriceListBody) {
  const validFrom = body.validFrom ?? null;
  const validUntil = body.validUntil ?? null;
  for (const day of [validFrom, validUntil])
    if (day !== null && !realDay(day)) throw badRequest(`${day} is not a date of the calendar.`);
  if (validFrom !== null && validUntil !== null && validFrom > validUntil)
    throw badRequest(
      `The price list cannot start (${validFrom}) after it ends (${validUntil}): check its dates.`,
    );

  const prices = body.prices?.map((p) => ({ partId: p.partId, priceCents: toCents(p.price) }));
  if (prices) {
    const seen = new Set<string>();
    for (const { partId } of prices) {
      if (seen.has(partId))
        throw badRequest(`Part ${partId} has two prices: give each part one price.`);
      seen.add(partId);
    }
    const inCatalogue = new Set(
      (await partsByIds(tx, [...seen])).filter((p) => p.deletedAt === null).map((p) => p.id),
    );
    const missing = [...seen].find((id) => !inCatalogue.has(id));
    if (missing) throw notFound(`Part ${missing} is not in the catalogue.`);
  }

  const discounts = body.discounts?.map((d) => ({
    category: d.category,
    // The column keeps two decimals.
    percent: Math.round(d.percent * 100) / 100,
  }));
  if (discounts) {
    const seen = new Set<string>();
    for (const { category, percent } of discounts) {
      if (seen.has(category))
        throw badRequest(
          `Category ${category} has two discounts: give each category one discount.`,
        );
      seen.add(category);
      if (percent <= 0 || percent >= 100)
        throw badRequest(`The discount on ${category} must be more than 0% and less than 100%.`);
    }
    const known = await categoryNames(tx, [...seen]);
    const missing = [...seen].find((slug) => !known.has(slug));
    if (missing) throw notFound(`There is no category ${missing}.`);
  }
  return { name: body.name.trim(), validFrom, validUntil, prices, discounts };
}

/** Replaces the list's prices and discounts with the ones given (left out: kept). */
async function writeRules(
  tx: DbOrTx,
  priceListId: string,
  rows: Awaited<ReturnType<typeof checkedBody>>,
) {
  if (rows.prices) {
    await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, priceListId));
    for (let i = 0; i < rows.prices.length; i += CHUNK)
      await tx
        .insert(priceListPrices)
        .values(rows.prices.slice(i, i + CHUNK).map((p) => ({ priceListId, ...p })));
  }
  if (rows.discounts) {
    await tx.delete(priceListDiscounts).where(eq(priceListDiscounts.priceListId, priceListId));
    for (let i = 0; i < rows.discounts.length; i += CHUNK)
      await tx
        .insert(priceListDiscounts)
        .values(rows.discounts.slice(i, i + CHUNK).map((d) => ({ priceListId, ...d })));
  }
}

/** A new price list, audited (`price-list.save`, before null). */
export async function createPriceList(
  tx: DbOrTx,
  actor: Actor,
  body: PriceListBody,
): Promise<PriceList> {
  const rows = await checkedBody(tx, body);
  const [list] = await tx
    .insert(priceLists)
    .values({ name: rows.name, validFrom: rows.validFrom, validUntil: rows.validUntil })
    .returning({ id: priceLists.id });
  await writeRules(tx, list!.id, rows);
  const [after] = await priceListsOf(tx, list!.id);
  await recordAudit(tx, actor, {
    action: 'price-list.save',
    targetId: list!.id,
    summary: `Created the price list ${rows.name}`,
    before: null,
    after,
  });
  return after!;
}

/** The price list locked for the rest of the transaction, as the API shows it; 404 without it. */
async function lockedList(tx: DbOrTx, id: string): Promise<PriceList> {
  const [row] = await tx
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(eq(priceLists.id, id))
    .for('update');
  const [list] = row ? await priceListsOf(tx, id) : [];
  if (!list) throw notFound('No such price list.');
  return list;
}

/**
 * The price list's name and dates replaced, and its prices and discounts when the body sends them
 * (left out: kept); audited with before and after.
 */
export async function updatePriceList(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: PriceListBody,
): Promise<PriceList> {
  const before = await lockedList(tx, id);
  const rows = await checkedBody(tx, body);
  await tx
    .update(priceLists)
    .set({
      name: rows.name,
      validFrom: rows.validFrom,
      validUntil: rows.validUntil,
      updatedAt: new Date(),
    })
    .where(eq(priceLists.id, id));
  await writeRules(tx, id, rows);
  const [after] = await priceListsOf(tx, id);
  await recordAudit(tx, actor, {
    action: 'price-list.save',
    targetId: id,
    summary: `Changed the price list ${rows.name}`,
    before,
    after,
  });
  return after!;
}

/** Deletes the price list (its companies fall back to list prices), audited. */
export async function deletePriceList(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const before = await lockedList(tx, id);
  await tx.delete(priceLists).where(eq(priceLists.id, id));
  await recordAudit(tx, actor, {
    action: 'price-list.delete',
    targetId: id,
    summary: `Deleted the price list ${before.name}`,
    before,
    after: null,
  });
}

/**
 * The price list of the caller's company (its id and name), or null when they belong to none or
 * it has none: for a member's own prices on the catalogue's pages.
 */
export async function buyerPriceList(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; name: string } | null> {
  const id = (await membershipOf(db, userId))?.terms.priceListId;
  if (!id) return null;
  const name = await priceListName(db, id);
  return name === null ? null : { id, name };
}
