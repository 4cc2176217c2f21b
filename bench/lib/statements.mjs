// The shop's own statements, as its server sends them, for the references the bench measures its
// figures against (a bare pg client, pgbench, a bare PGlite): made by the server's own code
// (loaded through tsx) on a Drizzle database whose client only writes down what it is sent.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './server.mjs';

/** The server's modules, each loaded once (tsx compiles a module graph on every import). */
const loaded = new Map();
const load = (file) => {
  if (!loaded.has(file))
    loaded.set(file, tsImport(path.join(repoRoot, 'server/src', file), import.meta.url));
  return loaded.get(file);
};

/**
 * A Drizzle database (the server's schema and settings) on a client that answers `rows` to every
 * statement and keeps what it was sent: `sent` lists { sql, params }.
 */
async function recordingDb(rows = () => []) {
  const { drizzle } = await import('drizzle-orm/pglite');
  const schema = await load('db/schema/index.ts');
  const sent = [];
  const client = {
    async query(text, params) {
      sent.push({ sql: text, params: params ?? [] });
      return { rows: rows(text), fields: [], affectedRows: 0 };
    },
    async transaction(fn) {
      return fn(client);
    },
  };
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return { db, sent };
}

const ORDER_ROW = () => [{ id: '00000000-0000-0000-0000-000000000000', low_stock_crossed: false }];
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

/**
 * The purchase's statement (server/src/modules/orders/purchase-statement.ts, placeOrderStatement)
 * as the server sends it without an Idempotency-Key and with the unpaid-order limits off (as the
 * bench runs the shop): { sql, params } for `order` (partId, quantity, address, phone) by `buyer`.
 */
export async function purchaseStatement(order, buyer) {
  const { createOrdersService } = await load('modules/orders/service.ts');
  const { db, sent } = await recordingDb(ORDER_ROW);
  const service = createOrdersService({ db, log: silent, lockBuyer: false });
  await service.place(order, buyer);
  if (sent.length !== 1) throw new Error(`the purchase sent ${sent.length} statements, not 1`);
  return sent[0];
}

/**
 * The checkout's statement (modules/orders/checkout.ts, linesOrderStatement with the cart as its
 * source), as the server sends it for `buyer` with the limits off: `lockParts` as on PostgreSQL
 * (the server's lockBuyer), not on PGlite.
 */
export async function checkoutStatement(input, buyer, { lockParts }) {
  const { createOrdersService } = await load('modules/orders/service.ts');
  const { db, sent } = await recordingDb(ORDER_ROW);
  const service = createOrdersService({ db, log: silent, lockBuyer: lockParts });
  await service.checkout(input, buyer);
  if (sent.length !== 1) throw new Error(`the checkout sent ${sent.length} statements, not 1`);
  return sent[0];
}

/**
 * The statements of one page of GET /api/allParts past `cursor` (modules/parts/repository.ts,
 * list): the page and the listed count, which the server sends at once.
 */
export async function listStatements(cursor, limit = 24) {
  const { createPartsRepository } = await load('modules/parts/repository.ts');
  const { db, sent } = await recordingDb();
  await createPartsRepository(db).list({ limit, cursor });
  return sent;
}
