import { types, type PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createStatementCache } from '../src/db/pglite-statements.ts';
import { openTestDatabase } from './helpers.ts';

describe('PGlite statements kept prepared', () => {
  let database: Database;
  let client: PGlite;
  let cache: ReturnType<typeof createStatementCache>;
  const text = `select 7::int4 as n, '2026-11-22 10:00:00+00'::timestamptz as at, 'x'::text as s`;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    client = database.raw.client;
    cache = createStatementCache(client);
  });
  afterAll(() => database?.close());

  it("parses with the client's parsers when no others are given, as PGlite's query does", async () => {
    const ours = await cache.query(text);
    const theirs = await client.query(text);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toEqual({ n: 7, at: new Date('2026-11-22T10:00:00Z'), s: 'x' });
  });

  it("lets a query's own parsers win for their types and keeps the client's for the rest", async () => {
    // What Drizzle passes on every query: timestamps left as text, rows as arrays.
    const options = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw:${value}` },
    };
    const ours = await cache.query(text, [], options);
    const theirs = await client.query(text, [], options);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toEqual([7, 'raw:2026-11-22 10:00:00+00', 'x']);
    // The client's own parsers are left as they were.
    expect((await cache.query(text)).rows[0]).toMatchObject({ at: expect.any(Date) });
  });

  it('keeps statements prepared inside a transaction, which commits or rolls back as before', async () => {
    await client.exec('create table kept_in_tx (n int primary key)');
    const insert = 'insert into kept_in_tx (n) values ($1) returning n';
    const before = cache.size;
    const first = await cache.transaction(async (tx) => {
      const row = await tx.query<{ n: number }>(insert, [1]);
      // A second call of the same text in the same transaction runs the kept statement.
      await tx.query(insert, [2]);
      return row.rows[0];
    });
    expect(first).toEqual({ n: 1 });
    expect(cache.size).toBe(before + 1);
    // An error inside aborts the transaction, which rolls back everything it wrote.
    await expect(
      cache.transaction(async (tx) => {
        await tx.query(insert, [3]);
        await tx.query(insert, [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await client.query<{ n: number }>('select n from kept_in_tx order by n');
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
    // Statements other than data ones (DDL, SET) take PGlite's own path inside one too.
    await cache.transaction((tx) => tx.query('set local statement_timeout = 1000'));
    expect(cache.size).toBe(before + 1);
  });
});
