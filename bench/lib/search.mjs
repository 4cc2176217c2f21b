// The catalogue search's figures (issue 27): the API's latency and throughput on a 100,000-part
// catalogue against the very same statement sent by a bare `pg` client, and its facet counts
// against a brute-force count.
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { timedGet } from './http-get.mjs';
import { repoRoot } from './server.mjs';

/** Text and two facets: the figure's search. */
export const SEARCH = {
  q: 'forge ddr5',
  category: 'memory',
  filters: { type: ['DDR5'], speed: ['6000'] },
};

export const searchPath = (s = SEARCH) => {
  const params = new URLSearchParams({ q: s.q, category: s.category });
  for (const [key, values] of Object.entries(s.filters))
    for (const v of values) params.append(`f.${key}`, v);
  return `/api/parts/search?${params}`;
};

/**
 * The SQL text and parameters the server sends for `s`: made by the server's own code
 * (server/src/modules/parts/search.ts, loaded through tsx) for the categories the shop answers.
 */
export async function searchSql(shopUrl, s = SEARCH) {
  const { searchStatement } = await tsImport(
    path.join(repoRoot, 'server/src/modules/parts/search.ts'),
    import.meta.url,
  );
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const categories = await (await fetch(`${shopUrl}/api/categories`)).json();
  const { statement } = searchStatement(categories, {
    q: s.q,
    category: s.category,
    limit: 24,
    filters: new Map(Object.entries(s.filters)),
  });
  return new PgDialect().sqlToQuery(statement);
}

/**
 * Each facet of the answer against a plain count: the parts matching the text and every other
 * filter, grouped by the attribute's value. Answers the mismatches (none: exact).
 */
export async function facetMismatches(query, answer, s = SEARCH) {
  const words = s.q
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const tsq = words.map((w) => `${w}:*`).join(' & ');
  const problems = [];
  for (const facet of answer.facets.attributes) {
    const others = Object.entries(s.filters).filter(([key]) => key !== facet.key);
    const params = [tsq, s.category, facet.key];
    const where = others.map(([key, values]) => {
      params.push(key, values);
      return `(attributes ->> $${params.length - 1}) = any($${params.length}::text[])`;
    });
    const rows = await query(
      `select attributes ->> $3 as value, count(*)::int as n from parts
       where deleted_at is null and search @@ to_tsquery('english', $1) and category = $2
       ${where.map((w) => `and ${w}`).join(' ')} and attributes ? $3
       group by 1`,
      params,
    );
    const expected = new Map(rows.map((r) => [String(r.value), r.n]));
    for (const v of facet.values) {
      const want = expected.get(v.value) ?? 0;
      if (want !== v.count)
        problems.push(`${facet.key}=${v.value}: ${v.count} answered, ${want} counted`);
      expected.delete(v.value);
    }
    for (const [value, n] of expected)
      problems.push(`${facet.key}=${value}: missing (${n} counted)`);
  }
  return problems;
}

/**
 * One search through the API, on one kept connection without compression (http-get.mjs): its
 * time in ms.
 */
export async function searchOnce(url) {
  const { status, ms } = await timedGet(url + searchPath());
  if (status !== 200) throw new Error(`search answered ${status}`);
  return ms;
}

/** The same statement on a bare pool of `connections`, as many times as it goes in `seconds`. */
export async function bareThroughput(
  databaseUrl,
  { sql, params },
  { connections = 8, seconds = 3 },
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  try {
    await pool.query(sql, params);
    let done = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          await pool.query(sql, params);
          done++;
        }
      }),
    );
    return done / seconds;
  } finally {
    await pool.end();
  }
}
