import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminPage,
  AdminPartRow,
  AdminPartsQuery,
  ADMIN_PART_SORTS,
} from '@partsmith/contract/admin-lists';
import type { AttributeDef } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { catalogueStats, categories, parts } from '../../db/schema/parts.ts';
import { shownPartColumns, toCataloguePart } from './repository.ts';
import { LOW_STOCK_THRESHOLD } from './stock.ts';

type Query = z.output<typeof AdminPartsQuery>;

const seq = { expr: parts.seq, kind: 'int' } as const;
const created = { expr: parts.createdAt, kind: 'time' } as const;

/**
 * Manage Products' sorts, each ending with the part's seq (unique). Each reads a btree index of
 * its own on the parts not deleted (schema/parts.ts), except the stock's: every purchase changes
 * a part's stock, and an index on it would cost each of them its HOT update (migration 0017), so
 * that sort reads the parts found and sorts them.
 */
export const ADMIN_PART_SORT: Record<(typeof ADMIN_PART_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, seq], descending: true },
  oldest: { name: 'oldest', keys: [created, seq], descending: false },
  name: { name: 'name', keys: [{ expr: parts.name, kind: 'text' }, seq], descending: false },
  'price-asc': {
    name: 'price-asc',
    keys: [{ expr: parts.priceCents, kind: 'int' }, seq],
    descending: false,
  },
  'price-desc': {
    name: 'price-desc',
    keys: [{ expr: parts.priceCents, kind: 'int' }, seq],
    descending: true,
  },
  'stock-asc': {
    name: 'stock-asc',
    keys: [{ expr: parts.availableQuantity, kind: 'int' }, seq],
    descending: false,
  },
};

/**
 * The parts a query finds: never deleted ones (unlisted ones are shown); every word of `q` in the
 * name, the part number or the description (their trigram indexes); the category; the stock
 * (out: none; low: some, below its low-stock threshold, see stock.ts; in: at or above it); listed
 * or not. Written as literals where a partial index's condition must be matched (`not listed`).
 */
export function adminPartsFilter(q: Query): SQL {
  const where: SQL[] = [isNull(parts.deletedAt)];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(
      sql`(${parts.name} ilike ${pattern} or ${parts.sku} ilike ${pattern} or ${parts.description} ilike ${pattern})`,
    );
  }
  if (q.category) where.push(eq(parts.category, q.category));
  if (q.listed !== undefined)
    where.push(q.listed ? sql`${parts.listed}` : sql`not ${parts.listed}`);
  if (q.stock === 'out') where.push(sql`${parts.availableQuantity} = 0`);
  if (q.stock === 'low')
    where.push(
      sql`${parts.availableQuantity} > 0 and ${parts.availableQuantity} < ${LOW_STOCK_THRESHOLD}`,
    );
  if (q.stock === 'in')
    where.push(
      sql`${parts.availableQuantity} > 0 and ${parts.availableQuantity} >= ${LOW_STOCK_THRESHOLD}`,
    );
  return and(...where)!;
}

/**
 * How many parts the query finds. The listed ones are counted by a trigger (catalogue_stats, one
 * row): with no filter but `listed`, that count, plus the unlisted ones (their own small partial
 * index) when both are wanted; any other filter counts the rows it finds.
 */
async function adminPartsTotal(db: DbOrTx, q: Query, filter: SQL): Promise<number> {
  const unfiltered = searchWords(q.q).length === 0 && !q.category && !q.stock;
  if (unfiltered && q.listed === true) {
    const [row] = await db.select({ value: catalogueStats.listedParts }).from(catalogueStats);
    return Number(row?.value ?? 0);
  }
  if (unfiltered && q.listed === undefined) {
    const result = await db.execute(sql`select
      (select ${catalogueStats.listedParts} from ${catalogueStats})
      + (select count(*) from ${parts} where ${parts.deletedAt} is null and not ${parts.listed})
      as value`);
    const [row] = (result as unknown as { rows: { value: unknown }[] }).rows;
    return Number(row?.value ?? 0);
  }
  return db.$count(parts, filter);
}

/**
 * A column of the part's category, read for each row of the page (a category is found by its
 * key). Not a join: the page's rows come straight from its sort's index, past the cursor, and the
 * scan stops at the page's last row. With a join, the planner sorted what it joined when it
 * expected few rows past the cursor, and parts created in one statement (an import, the bench's
 * seed) share one `created_at`, which the statistics cannot tell apart: it expected 7 where
 * 50,000 were, joined them all and sorted them for a page of 25 (184 ms instead of 0.3).
 */
function categoryColumn<T>(column: typeof categories.name | typeof categories.attributes) {
  return sql<T | null>`(select ${column} from ${categories} where ${categories.slug} = ${parts.category})`;
}

/** A page of Manage Products: the parts as their pages show them, listed or not. */
export async function listAdminParts(db: DbOrTx, q: Query): Promise<AdminPage<AdminPartRow>> {
  const keyset = keysetPage(ADMIN_PART_SORT[q.sort], q.cursor, q.limit);
  const filter = adminPartsFilter(q);
  const [rows, total] = await Promise.all([
    db
      .select({
        part: shownPartColumns,
        categoryName: categoryColumn<string>(categories.name),
        categoryAttributes: categoryColumn<AttributeDef[]>(categories.attributes),
        keysetKeys: keyset.keys,
      })
      .from(parts)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    adminPartsTotal(db, q, filter),
  ]);
  const page = keyset.page(rows);
  return {
    items: page.rows.map(({ part, categoryName, categoryAttributes }) => ({
      ...toCataloguePart(
        part,
        categoryName ? { name: categoryName, attributes: categoryAttributes ?? [] } : null,
      ),
      listed: part.listed,
      weightGrams: part.weightGrams,
      createdAt: part.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    total,
  };
}
