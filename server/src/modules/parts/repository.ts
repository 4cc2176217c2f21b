import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  specificationOf,
  type AdminPart,
  type CataloguePart,
  type Category,
  type Part,
} from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { catalogueStats, categories, parts, type PartRow } from '../../db/schema/parts.ts';
import { lowStockThresholdOf } from './stock.ts';

/**
 * A part's columns but its search document, which no answer shows: the largest value of a row,
 * read, sent over and parsed for nothing (a page of the catalogue, Manage Products).
 */
const { search: _search, ...shownPartColumns } = getTableColumns(parts);
export { shownPartColumns };

/** A part's row as `shownPartColumns` reads it (a whole row will do). */
export type ShownPartRow = Omit<PartRow, 'search'>;

export function toApiPart(row: ShownPartRow): Part {
  return {
    _id: row.id,
    sku: row.sku,
    name: row.name,
    image: row.image,
    description: row.description,
    price: row.priceCents / 100,
    availableQuantity: row.availableQuantity,
    minOrderQuantity: row.minOrderQuantity,
    lowStockThreshold: lowStockThresholdOf(row),
    priceBreaks: row.priceBreaks.map((b) => ({
      minQuantity: b.minQuantity,
      price: b.priceCents / 100,
    })),
    // `??`: a row read by hand-written SQL that leaves the column out reads as not known.
    leadTimeDays: row.leadTimeDays ?? null,
  };
}

/**
 * A part with its category and attributes, as the part page and the search show it; with its
 * category's definition, the category's name and the part's attribute table too.
 */
export const toCataloguePart = (
  row: ShownPartRow,
  category?: Pick<Category, 'name' | 'attributes'> | null,
): CataloguePart => ({
  ...toApiPart(row),
  category: row.category,
  categoryName: category?.name ?? null,
  attributes: row.attributes,
  specification: category ? specificationOf(category, row.attributes) : [],
});

/** A part as its editor sees it: as the catalogue shows it, with whether it is listed and its weight. */
export const toAdminPart = (
  row: ShownPartRow,
  category?: Pick<Category, 'name' | 'attributes'> | null,
): AdminPart => ({
  ...toCataloguePart(row, category),
  listed: row.listed,
  weightGrams: row.weightGrams,
});

/** These parts, deleted ones too (a cart names a part that left the catalogue), in no order. */
export async function partsByIds(db: DbOrTx, ids: string[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(parts)
    .where(sql`${parts.id} = any(${sql.param(ids)})`);
}

/**
 * The parts with these numbers, in any case (the unique index on upper(sku)), deleted ones too
 * (the caller says what a deleted part's number means), in no order.
 */
export async function partsBySkus(db: DbOrTx, skus: string[]): Promise<PartRow[]> {
  if (skus.length === 0) return [];
  const upper = skus.map((sku) => sku.toUpperCase());
  return db
    .select()
    .from(parts)
    .where(sql`upper(${parts.sku}) = any(${sql.param(upper)}::text[])`);
}

/**
 * The names of the categories with these slugs (for other modules: a price list's discounts), by
 * slug; a slug not in the catalogue is left out.
 */
export async function categoryNames(db: DbOrTx, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(sql`${categories.slug} = any(${sql.param(slugs)}::text[])`);
  return new Map(rows.map((r) => [r.slug, r.name]));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PartPage {
  parts: Part[];
  total: number;
  nextCursor: string | null;
}

/**
 * The catalogue's queries. Listed parts are the ones neither deleted nor unlisted, in keyset
 * order; a part's page (findPage) stays for an unlisted part, for the links already out there.
 */
export function createPartsRepository(db: DbOrTx) {
  return {
    async list({
      limit,
      cursor,
      q,
    }: {
      limit: number;
      cursor?: string;
      q?: string;
    }): Promise<PartPage> {
      const filters: SQL[] = [isNull(parts.deletedAt), eq(parts.listed, true)];
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        filters.push(or(ilike(parts.name, pattern), ilike(parts.description, pattern))!);
      }
      const pageFilter = cursor ? and(...filters, gt(parts.seq, Number(cursor))) : and(...filters);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(shownPartColumns)
          .from(parts)
          .where(pageFilter)
          .orderBy(asc(parts.seq))
          .limit(pageLimit(limit + 1)),
        // Without a search, the listed count is kept by a trigger: one row, whatever the size.
        q
          ? db
              .select({ value: count() })
              .from(parts)
              .where(and(...filters))
          : db.select({ value: catalogueStats.listedParts }).from(catalogueStats),
      ]);
      const hasMore = rows.length > limit;
      const page = hasMore ? rows.slice(0, limit) : rows;
      return {
        parts: page.map(toApiPart),
        total: totalRow?.value ?? 0,
        nextCursor: hasMore ? String(page[page.length - 1]!.seq) : null,
      };
    },

    /** How many parts are listed (one row kept by a trigger). */
    async listedCount(): Promise<number> {
      const [row] = await db.select({ value: catalogueStats.listedParts }).from(catalogueStats);
      return row?.value ?? 0;
    },

    /** The ids and last changes of listed parts, in catalogue order, `limit` from `offset` on. */
    async listedIds(limit: number, offset: number) {
      return db
        .select({ id: parts.id, updatedAt: parts.updatedAt })
        .from(parts)
        .where(and(isNull(parts.deletedAt), eq(parts.listed, true)))
        .orderBy(asc(parts.seq))
        .limit(limit)
        .offset(offset);
    },

    /** A listed part with its category's name and its attribute table: its page's answer. */
    async findPage(id: string): Promise<CataloguePart | null> {
      const [found] = await db
        .select({
          part: shownPartColumns,
          name: categories.name,
          attributes: categories.attributes,
        })
        .from(parts)
        .leftJoin(categories, eq(categories.slug, parts.category))
        .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
        .limit(1);
      if (!found) return null;
      const category = found.name ? { name: found.name, attributes: found.attributes ?? [] } : null;
      return toCataloguePart(found.part, category);
    },

    async findListed(id: string): Promise<CataloguePart | null> {
      const [row] = await db
        .select()
        .from(parts)
        .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
        .limit(1);
      return row ? toCataloguePart(row) : null;
    },
  };
}

export type PartsRepository = ReturnType<typeof createPartsRepository>;

/** Every part's image URL (deleted parts too), as a subquery for the uploads still in use. */
export const partImageUrls = (): SQL => sql`select ${parts.image} as url from ${parts}`;
