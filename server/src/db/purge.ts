import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Deletes at most `limit` rows of `table` that `where` picks (by their key columns), in one
 * statement, so a backlog goes over several runs without long locks; answers how many. Each
 * module purges its own tables with it (housekeeping only calls them).
 */
export async function purgeBatch(
  db: DbOrTx,
  table: PgTable,
  keyColumns: AnyColumn[],
  where: SQL,
  limit: number,
): Promise<number> {
  const key = sql.join(keyColumns, sql`, `);
  // node-postgres and PGlite both answer with `rows`.
  const result = (await db.execute(sql`
    delete from ${table} where (${key}) in (
      select ${key} from ${table} where ${where} limit ${limit})
    returning 1`)) as { rows: unknown[] };
  return result.rows.length;
}
