// A floor for the packing slips' request (GET /api/admin/orders/packing-slips.pdf), at
// /pick-list for the pick list's (GET /api/admin/orders/pick-list.pdf), and at POST /ship for
// the selected orders shipped together (POST /api/admin/orders/ship: the shop's own shipMany,
// { ids, carrier } in, { shipped, alreadyShipped } out), and at POST /refund/:id for a partial
// refund (POST /api/orders/:id/refunds: the shop's own refundPart with the test processor): a bare
// node:http server that reads the session as the shop does, then makes the same slips with the
// shop's own code on a Drizzle database over a bare `pg` pool (slipsToShip: the same two
// statements) and draws them with the shop's own pdfkit code in its own thread, without Fastify,
// Better Auth or the shop's PDF worker thread.
// Usage: node bench/raw-slips-server.mjs <settings.json> <port>, the settings
// { databaseUrl, session: { sql, params }, seller }.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { tsImport } from 'tsx/esm/api';

const [file, port] = process.argv.slice(2);
const { databaseUrl, session, seller } = JSON.parse(fs.readFileSync(file, 'utf8'));
const src = path.resolve(import.meta.dirname, '../server/src');
const load = (module) => tsImport(path.join(src, module), import.meta.url);
const [
  { slipsToShip },
  { renderPackingSlips, renderPickList },
  { createOrderStateChanges },
  { createPartRefunds },
  { createTestProcessor },
  schema,
] = await Promise.all([
  load('modules/orders/packing-slips.ts'),
  load('modules/invoices/packing-slip.ts'),
  load('modules/orders/state-changes.ts'),
  load('modules/orders/part-refund-service.ts'),
  load('modules/payments/test-processor.ts'),
  load('db/schema/index.ts'),
]);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const db = drizzle({ client: pool, schema, casing: 'snake_case' });
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const changes = createOrderStateChanges({ db, log: quiet });
const refunds = createPartRefunds({ db, log: quiet, payments: createTestProcessor(db) });

/** A JSON answer. */
function sendJson(response, status, value) {
  const answer = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(answer)),
  });
  response.end(answer);
}

/** The request's JSON body. */
async function bodyOf(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

const server = http.createServer(async (request, response) => {
  try {
    if (request.method === 'POST' && request.url.startsWith('/refund/')) {
      const { rows } = await pool.query(session.sql, session.params);
      const id = request.url.slice('/refund/'.length);
      const refund = await refunds.refundPart(id, rows[0], await bodyOf(request));
      sendJson(response, 201, { ...refund, createdAt: refund.createdAt.toISOString() });
      return;
    }
    if (request.method === 'POST') {
      const { rows } = await pool.query(session.sql, session.params);
      const { ids, carrier } = await bodyOf(request);
      sendJson(response, 200, await changes.shipMany(ids, rows[0], carrier));
      return;
    }
    request.resume();
    await pool.query(session.sql, session.params);
    const slips = await slipsToShip(db);
    const pdf =
      request.url === '/pick-list'
        ? await renderPickList({ kind: 'pick-list', seller, slips })
        : await renderPackingSlips({ kind: 'packing-slips', seller, slips });
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'content-length': String(pdf.length),
      'x-packing-slips': String(slips.length),
    });
    response.end(pdf);
  } catch (err) {
    response.writeHead(500).end(String(err));
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () =>
  process.stdout.write(`raw packing slips server ready on ${port}\n`),
);
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
