// The admins' tables (issue 48) at 100,000 parts and orders: pages spread over each list's whole
// depth (first pages and pages past cursors), and the server's own statements of each page, made
// by its code (decision 055), for a bare `pg` pool to send as the reference.
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './server.mjs';
import { load, recordingDb } from './statements.mjs';

/** Rows of a page: the contract's default, as the admins' tables ask. */
export const PAGE_ROWS = 25;

/**
 * The pages of each list the figure asks for: its sorts over the whole list (the first page and
 * pages past cursors spread over it) and the first pages of a filter.
 */
export const ADMIN_LISTS = {
  parts: {
    path: '/api/admin/parts',
    module: 'modules/parts/admin-list.ts',
    table: 'parts',
    query: 'AdminPartsQuery',
    sorts: 'ADMIN_PART_SORT',
    filter: 'adminPartsFilter',
    list: 'listAdminParts',
    measured: ['newest', 'name', 'price-asc'],
    filters: [{ category: 'memory' }, { listed: 'true', sort: 'price-desc' }],
  },
  orders: {
    path: '/api/admin/orders',
    module: 'modules/orders/admin-list.ts',
    table: 'orders',
    query: 'AdminOrdersListQuery',
    sorts: 'ADMIN_ORDER_SORT',
    filter: 'adminOrdersFilter',
    list: 'listAdminOrders',
    measured: ['newest', 'total-desc'],
    filters: [{ status: 'paid' }, { q: 'buyer-7@' }],
  },
};

let contract;
const contractModule = () =>
  (contract ??= tsImport(path.join(repoRoot, 'contract/src/admin-lists.ts'), import.meta.url));

/** The query as the route hands it to the list (the contract's defaults and transforms). */
async function parsed(name, params) {
  return (await contractModule())[ADMIN_LISTS[name].query].parse(params);
}

/**
 * The statements the server sends for one page of `name` with `params` (the page first, then the
 * count, which it sends at once), and, for the orders, the statement of the page's lines, sent
 * after them with the page's ids (modules/orders/reading.ts, linesOfOrders):
 * `{ statements, lines }`.
 */
export async function pageStatements(name, params) {
  const list = ADMIN_LISTS[name];
  const module = await load(list.module);
  // A count answers one row (Drizzle's $count reads it); every other statement none.
  const { db, sent } = await recordingDb((text) =>
    /^select count\(\*\)/.test(text) ? [{ count: 0 }] : [],
  );
  await module[list.list](db, await parsed(name, params));
  // The page is the statement with the page's LIMIT; the count may be sent before it.
  const page = sent.find((s) => / limit \d+$/.test(s.sql));
  if (!page || sent.length !== 2)
    throw new Error(`not a page and a count: ${sent.length} statements`);
  const statements = [page, ...sent.filter((s) => s !== page)];
  if (name !== 'orders') return { statements, lines: null };
  const { linesOfOrders } = await load('modules/orders/reading.ts');
  const recorded = await recordingDb();
  await linesOfOrders(recorded.db, ['00000000-0000-4000-8000-000000000000']);
  if (recorded.sent.length !== 1) throw new Error('the lines of orders are not one statement');
  return { statements, lines: recorded.sent[0] };
}

/**
 * Cursors of `sort` over the whole of list `name` (its rows matching `params`), one every
 * `every` rows, made as the server makes them (db/keyset.ts) from the rows' keys read by `query`
 * (sql, params: rows).
 */
export async function spreadCursors(query, name, sort, every, params = {}) {
  const list = ADMIN_LISTS[name];
  const module = await load(list.module);
  const { encodeCursor, keysetPage } = await load('db/keyset.ts');
  const schema = await load('db/schema/index.ts');
  const { sql } = await import('drizzle-orm');
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const order = module[list.sorts][sort];
  const keyset = keysetPage(order, undefined, 1);
  const where = module[list.filter](await parsed(name, { ...params, sort })) ?? sql`true`;
  const statement = sql`select keys from (
      select ${keyset.keys} as keys, row_number() over (order by ${sql.join(keyset.orderBy, sql`, `)}) as n
      from ${schema[list.table]} where ${where}) ranked
    where n % ${every} = 0 order by n`;
  const { sql: text, params: values } = new PgDialect().sqlToQuery(statement);
  const rows = await query(text, values);
  return rows.map((r) => encodeCursor(order, r.keys));
}

/**
 * Every page the figure of list `name` asks for, each with its path and its statements: each
 * measured sort's first page and `cursors` pages past cursors spread over the list, and the
 * first page of each filter; in a fixed shuffled order, so that one request and the next are
 * of different sorts and depths.
 */
export async function adminListPages(query, name, { cursors, rows }) {
  const list = ADMIN_LISTS[name];
  const wanted = [];
  for (const sort of list.measured) {
    wanted.push({ sort });
    const every = Math.max(1, Math.floor(rows / (cursors + 1)));
    for (const cursor of (await spreadCursors(query, name, sort, every)).slice(0, cursors))
      wanted.push({ sort, cursor });
  }
  wanted.push(...list.filters);
  const pages = [];
  for (const params of wanted) {
    const search = new URLSearchParams(params);
    pages.push({
      name,
      path: `${list.path}${search.size ? `?${search}` : ''}`,
      ...(await pageStatements(name, params)),
    });
  }
  // A fixed shuffle (a multiplicative stride, coprime with the count).
  const stride = [7919, 104_729, 1_299_709].find((p) => pages.length % p !== 0);
  return pages.map((_, i) => pages[(i * stride) % pages.length]);
}

/**
 * A bare `pg` pool of two (the server sends a page's two statements at once, on its pool) that
 * sends a page's statements as the server does: `run(page)` resolves with the time taken (ms)
 * and the page's ids (the first column of its first statement).
 */
export function bareAdminLists(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const send = (s) => pool.query({ text: s.sql, values: s.params, rowMode: 'array' });
  return {
    async run(page) {
      const begun = performance.now();
      const [first] = await Promise.all(page.statements.map(send));
      const ids = first.rows.slice(0, PAGE_ROWS).map((r) => r[0]);
      if (page.lines && ids.length > 0) await send({ ...page.lines, params: [ids] });
      return { ms: performance.now() - begun, ids };
    },
    close: () => pool.end(),
  };
}
