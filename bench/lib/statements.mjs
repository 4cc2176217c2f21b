// The shop's own statements, as its server sends them, for the references the bench measures its
// figures against (a bare pg client, pgbench, a bare PGlite): made by the server's own code
// (loaded through tsx) on a Drizzle database whose client only writes down what it is sent.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './server.mjs';

/** The server's modules, each loaded once (tsx compiles a module graph on every import). */
const loaded = new Map();
export const load = (file) => {
  if (!loaded.has(file))
    loaded.set(file, tsImport(path.join(repoRoot, 'server/src', file), import.meta.url));
  return loaded.get(file);
};

/**
 * A Drizzle database (the server's schema and settings) on a client that answers `rows` to every
 * statement and keeps what it was sent: `sent` lists { sql, params }.
 */
export async function recordingDb(rows = () => []) {
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
 * A cart of `subtotalCents` priced as the shop prices it for a Texas address by the seeded
 * Standard method ($9.90, free from $500) and the seeded Texas rate (8.25%, shipping taxed),
 * through the server's own money module (modules/shipping/money.ts): the checkout's values.
 */
export async function texasOrder(subtotalCents) {
  const { priceOrder } = await load('modules/shipping/money.ts');
  const standard = {
    id: '00000000-0000-4000-8000-00000000057a',
    name: 'Standard',
    kind: 'flat',
    priceCents: 990,
    perKgCents: 0,
    freeAboveCents: 50_000,
    minDays: 3,
    maxDays: 5,
  };
  const money = priceOrder({
    lines: [{ unitCents: subtotalCents, quantity: 1, weightGrams: 0 }],
    methods: [standard],
    rates: [{ name: 'Texas sales tax', rate: 8.25, shippingTaxed: true }],
    exempt: false,
  });
  const shipTo = {
    name: 'Bench Buyer',
    company: null,
    line1: '500 Congress Ave',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '+15125550100',
    taxId: null,
  };
  return {
    subtotalCents: money.subtotalCents,
    shippingCents: money.shipping.cents,
    taxCents: money.taxCents,
    totalCents: money.totalCents,
    shippingMethod: { id: standard.id, name: standard.name, minDays: 3, maxDays: 5 },
    taxes: money.taxes,
    shipTo,
    address: 'Bench Buyer, 500 Congress Ave, Austin, TX 78701, United States',
    phone: shipTo.phone,
    buyerTaxId: null,
    taxExemption: null,
  };
}

/**
 * The checkout's statement (modules/orders/checkout.ts, linesOrderStatement with the cart as its
 * source) for a cart priced as `priced` (texasOrder), as the server sends it for `buyer` with the
 * limits off: `lockParts` as on PostgreSQL (the server's lockBuyer), not on PGlite.
 */
export async function checkoutStatement(priced, buyer, { lockParts }) {
  const { createOrdersService } = await load('modules/orders/service.ts');
  const { db, sent } = await recordingDb(ORDER_ROW);
  const service = createOrdersService({ db, log: silent, lockBuyer: lockParts });
  await service.placePriced(priced, buyer);
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

/**
 * The page statement's values for another cursor: the cursor is its last value (the ones before
 * it, such as `listed = true`, stay as the server sent them).
 */
export function pageParams(page, cursor) {
  return [...page.params.slice(0, -1), cursor];
}

/**
 * The statements of the dashboard's "Waiting for you" as the server sends them side by side
 * (modules/insights/waiting.ts): `staff`, GET /api/admin/waiting's five counts; `customer`, GET
 * /api/waiting's three for the customer `userId` in no company (their company's approvals then
 * end at the membership's read). Each a list of { sql, params }.
 */
export async function waitingStatements(userId) {
  const { customerWaiting, waitingWork } = await load('modules/insights/waiting.ts');
  const staff = await recordingDb(() => [{ count: 0 }]);
  await waitingWork(staff.db);
  const customer = await recordingDb(() => [{ count: 0 }]);
  await customerWaiting(customer.db, userId);
  return { staff: staff.sent, customer: customer.sent };
}
