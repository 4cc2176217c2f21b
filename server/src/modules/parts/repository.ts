import { and, asc, count, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CataloguePart, Part } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { catalogueStats, parts, type PartRow } from '../../db/schema/parts.ts';
import { lowStockThresholdOf } from './stock.ts';

export function toApiPart(row: PartRow): Part {
  return {
    _id: row.id,
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
  };
}

/** A part with its category and attributes, as the part page and the search show it. */
export const toCataloguePart = (row: PartRow): CataloguePart => ({
  ...toApiPart(row),
  category: row.category,
  attributes: row.attributes,
});

/** These parts, deleted ones too (a cart names a part that left the catalogue), in no order. */
export async function partsByIds(db: DbOrTx, ids: string[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(parts)
    .where(sql`${parts.id} = any(${sql.param(ids)})`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PartPage {
  parts: Part[];
  total: number;
  nextCursor: string | null;
}

/** The catalogue's queries. Listed parts are the ones not deleted, in keyset order. */
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
      const filters: SQL[] = [isNull(parts.deletedAt)];
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        filters.push(or(ilike(parts.name, pattern), ilike(parts.description, pattern))!);
      }
      const pageFilter = cursor ? and(...filters, gt(parts.seq, Number(cursor))) : and(...filters);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
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
