import { sql } from 'drizzle-orm';
import type { CsvProblem } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/parts.ts';

// Part numbers (issue 46): unique whatever their case (the index on upper(sku)), deleted parts'
// too, since an order line keeps its part's number.

export const SKU_TAKEN = 'That part number is already used by another part.';

/** Whether a failed statement broke a unique index (23505; Drizzle keeps the driver's as `cause`). */
export function brokeUniqueIndex(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== error && brokeUniqueIndex(cause));
}

/** The lines of an import whose part number another part has already, as their problems. */
export async function takenSkus(
  db: DbOrTx,
  given: readonly { line: number; sku: string }[],
): Promise<CsvProblem[]> {
  const taken = new Set<string>();
  // A thousand at a time, each batch one lookup of the unique index per number.
  for (let i = 0; i < given.length; i += 1000) {
    const batch = given.slice(i, i + 1000).map((g) => g.sku.toUpperCase());
    const rows = await db
      .select({ sku: sql<string>`upper(${parts.sku})` })
      .from(parts)
      .where(sql`upper(${parts.sku}) = any(${sql.param(batch)}::text[])`);
    for (const row of rows) taken.add(row.sku);
  }
  return given
    .filter((g) => taken.has(g.sku.toUpperCase()))
    .map((g) => ({ line: g.line, column: 'sku', message: SKU_TAKEN }));
}
