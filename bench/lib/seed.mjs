// Fills the catalogue straight in the database with SQL: copies of the demo parts (so each part
// serialises to about the size of a real one, with its category and attributes) up to a target count, plus one part with a large
// stock for the purchase run.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export const STOCK_PART_NAME = 'Benchmark stock part';
export const STOCK = 10_000_000;

async function topUp(query, target) {
  const [{ n }] = await query(`select count(*)::int as n from parts where deleted_at is null`);
  const missing = target - n;
  if (missing > 0) {
    await query(
      `with demo as (
         select name, description, image, price_cents, min_order_quantity, category, attributes,
                row_number() over (order by seq) - 1 as k, count(*) over () as total
         from parts where deleted_at is null and name <> $2)
       insert into parts (name, description, image, price_cents, available_quantity,
                          min_order_quantity, category, attributes)
       select demo.name || ' (batch ' || g || ')', demo.description, demo.image,
              demo.price_cents + (g % 700), 200 + (g % 5000), demo.min_order_quantity,
              demo.category, demo.attributes
       from generate_series(1, $1::int) g join demo on demo.k = g % demo.total`,
      [missing, STOCK_PART_NAME],
    );
  }
  return Math.max(n, target);
}

async function addStockPart(query) {
  const [{ id }] = await query(
    `insert into parts (name, description, image, price_cents, available_quantity, min_order_quantity)
     select $1, 'Bought over and over by the purchase benchmark.', image, 1999, $2, 1
     from parts where deleted_at is null order by seq limit 1
     returning id`,
    [STOCK_PART_NAME, STOCK],
  );
  return id;
}

/**
 * Brings the listed catalogue to exactly `count` parts, the last of them the stock part (if not
 * there yet). Returns the stock part's id.
 */
async function seed(query, count) {
  const [existing] = await query(`select id from parts where name = $1`, [STOCK_PART_NAME]);
  if (existing) {
    await topUp(query, count);
    return existing.id;
  }
  await topUp(query, count - 1);
  return addStockPart(query);
}

/** The embedded database of a data folder; the server must not be running on it. */
export async function seedPglite(dataDir, count) {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  try {
    const query = async (sql, params) => (await client.query(sql, params)).rows;
    return await seed(query, count);
  } finally {
    await client.close();
  }
}

export async function seedPostgres(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = async (sql, params) => (await client.query(sql, params)).rows;
    return await seed(query, count);
  } finally {
    await client.end();
  }
}

/**
 * Creates (or recreates) a PostgreSQL database, empty or a copy of the bench's database
 * `template` (which no connection may hold); returns its URL.
 */
export async function createPgDatabase(adminUrl, name, template) {
  for (const n of template ? [name, template] : [name])
    if (!/^bench_[a-z0-9_]+$/.test(n)) throw new Error(`not a bench database name: ${n}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(adminUrl, name) {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`not a bench database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
