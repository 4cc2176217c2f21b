import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/client.ts';
import { pageLimit } from '../src/db/page-limit.ts';
import { createPartsRepository } from '../src/modules/parts/repository.ts';
import { listAudit } from '../src/modules/audit/service.ts';
import { openTestDatabase } from './helpers.ts';

const PARTS = 20_000;

/** The kept statements whose text reads the given table in keyset order, with their plan counts. */
async function keptStatements(client: PGlite, table: string) {
  const { rows } = await client.query<{
    statement: string;
    generic_plans: number;
    custom_plans: number;
  }>(
    `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
      where statement like $1`,
    [`select % from "${table}"% order by "${table}"."seq" % limit %`],
  );
  return rows;
}

describe('keyset pages with the page size in the statement (decision 039)', () => {
  let database: Database;
  let client: PGlite;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    client = database.raw.client;
    await client.exec(`
      insert into parts (name, description, image, price_cents, available_quantity, min_order_quantity)
      select 'Part ' || g, 'A part of the large catalogue, number ' || g || '.',
             '/images/parts/tool-driver-kit.svg', 1000 + g % 500, 100, 1
        from generate_series(1, ${PARTS}) g;
      analyze parts;`);
  });
  afterAll(() => database.close());

  it('reuses one plan for the random later pages of a large catalogue', async () => {
    const repo = createPartsRepository(database.db);
    const { rows } = await client.query<{ min: number; max: number }>(
      'select min(seq)::int as min, max(seq)::int as max from parts',
    );
    const { min, max } = rows[0]!;
    for (let i = 0; i < 12; i++) {
      const cursor = min + ((i * 7919) % (max - min - 30));
      const page = await repo.list({ limit: 24, cursor: String(cursor) });
      expect(page.parts).toHaveLength(24);
      expect(page.nextCursor).toBe(String(cursor + 24));
    }
    const [statement, ...others] = await keptStatements(client, 'parts');
    expect(others).toHaveLength(0);
    // Planned for its parameters the first five times (PostgreSQL's rule), then one plan for all.
    expect(statement!.custom_plans).toBeLessThanOrEqual(5);
    expect(statement!.generic_plans).toBeGreaterThanOrEqual(7);
    expect(statement!.statement).toMatch(/ limit 25$/);
  });

  it("keeps the page size in the text of the audit log's list too", async () => {
    const page = await listAudit(database.db, { limit: 50 });
    expect(page).toEqual({ entries: [], total: 0, nextCursor: null });
    const [statement] = await keptStatements(client, 'audit_log');
    expect(statement!.statement).toMatch(/ limit 51$/);
  });

  it('takes only a whole page size', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 1001, Number.MAX_SAFE_INTEGER + 2])
      expect(() => pageLimit(bad)).toThrow(RangeError);
    expect(() => pageLimit(201)).not.toThrow();
  });
});
