// The cart's checkout across instances: 200 signed-in buyers each fill a cart of 3 lines from 4
// parts of limited stock (every part is in about 150 carts; the scarcer ones run out mid-round),
// then all 200 check out at once, through nginx to 2 instances on one PostgreSQL (and on one PGlite
// instance). Each round, from the database: stock never below 0, stock + the units of the
// round's order lines = the stock the round began with, every order has all 3 of its lines (and
// its total is theirs), every acknowledged order is stored (and no order nobody was told of),
// every refusal (409) took nothing and left the cart as it was, and nothing answers 5xx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, startCluster, startNginx } from '../scripts/cluster.mjs';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import {
  ADMIN_EMAIL,
  BASE_PORT,
  FULL,
  createPostgresDatabase,
  postgresAvailable,
  redisUrl,
  serverEnv,
  tempDataDir,
} from './lib/env.ts';
import {
  ADDRESS,
  PHONE,
  buyerIp,
  call,
  figure,
  networkCause,
  pool,
  signUp,
  stockOf,
  tally,
  uniqueEmail,
} from './lib/shop.ts';

/** The issue's buyers; PGlite's short run has fewer (see PGLITE_BUYERS). */
const BUYERS = 200;
const LINES = 3;
// The issue asks 20 rounds (PROOF_FULL=1); CI runs 5 on PostgreSQL and 2 on PGlite: the 200
// sign-ups take about as long as 5 rounds.
const ROUNDS = Number(process.env.PROOF_CHECKOUT_ROUNDS ?? (FULL ? 20 : 5));
const PGLITE_ROUNDS = Number(process.env.PROOF_CHECKOUT_PGLITE_ROUNDS ?? (FULL ? 20 : 2));
// One PGlite instance signs its buyers up one statement at a time (200 took 51 s, the rounds
// 7 s each): CI's short run has 50 buyers and a quarter of the stock, the same contention.
const PGLITE_BUYERS = Number(process.env.PROOF_CHECKOUT_PGLITE_BUYERS ?? (FULL ? BUYERS : 50));
// nginx on PORT, the instances on PORT + 1 and + 2, the PGlite instance on PORT + 5 (+ 90 is
// the mail peer's, see env.ts).
const PORT = BASE_PORT + 100;

/**
 * The parts every cart draws from: each buyer wants 3 of the 4, 1 to 3 units of each, so each
 * part is wanted about 300 units a round against 120 to 210 in stock. The cable has a volume
 * price (from 3 units), which the order's line must carry.
 */
const PARTS = [
  { name: 'Checkout proof SSD', price: 54.9, stock: 150, priceBreaks: [] },
  {
    name: 'Checkout proof cable',
    price: 3.25,
    stock: 180,
    priceBreaks: [{ minQuantity: 3, price: 2.75 }],
  },
  { name: 'Checkout proof fan', price: 12.4, stock: 120, priceBreaks: [] },
  { name: 'Checkout proof paste', price: 7.99, stock: 210, priceBreaks: [] },
];

const cents = (dollars: number) => Math.round(dollars * 100);
/** The unit price of `quantity` units of part `p` in cents (its break, else its price). */
function unitCents(p: number, quantity: number): number {
  const breaks = PARTS[p]!.priceBreaks.filter((b) => b.minQuantity <= quantity);
  return cents(breaks.length > 0 ? breaks[breaks.length - 1]!.price : PARTS[p]!.price);
}

/**
 * Buyer b's cart in round r: every part but one (a different one each round), 1 to 3 units of
 * each (the same for a buyer and part every round, so a cart the last checkout refused needs
 * only its left-out part swapped).
 */
function cartOf(b: number, round: number): { p: number; quantity: number }[] {
  const skip = (b + round) % PARTS.length;
  return Array.from({ length: LINES }, (_, k) => {
    const p = (skip + 1 + k) % PARTS.length;
    return { p, quantity: 1 + ((b + p) % 3) };
  });
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  // Each cleanup runs even when one before it failed (the database is dropped even when a data
  // folder cannot be removed); the first failure is reported after them.
  const failures: unknown[] = [];
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((e: unknown) => failures.push(e));
  if (failures.length > 0) throw failures[0];
});

/**
 * Creates the embedded database of a new data folder as the server's first start does (main.ts
 * runs itself with PARTSMITH_CREATE_DATABASE=1 for it), before the instance starts: on a busy
 * machine that creation alone can outlast Fastify's 10 s plugin timeout of the first start,
 * which then exits before it is ready (and leaves the creating process writing to the folder).
 * The proof is about the checkout, not the first start; an instance on a created folder opens it.
 */
async function createEmbeddedDatabase(dataDir: string, env: Record<string, string | undefined>) {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    ...env,
    DATA_DIR: dataDir,
    PARTSMITH_CREATE_DATABASE: '1',
  }))
    if (value !== undefined) childEnv[key] = value;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  if (code !== 0 || !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(`creating the embedded database failed (exit ${code}):\n${output}`);
}

interface Buyer {
  index: number;
  email: string;
  token: string;
  ip: string;
  /** The lines the last checkout refused are still in the cart. */
  cartLeft: boolean;
}

interface StoredOrder {
  id: string;
  email: string;
  lineCount: number;
  totalCents: number;
  quantity: number;
  lines: { partId: string | null; quantity: number; unitCents: number }[];
}

/** What the shop stores after a round: the parts' stock, the new orders, every buyer's cart. */
interface Snapshot {
  stock: Map<string, number>;
  orders: StoredOrder[];
  carts: Map<string, Map<string, number>>;
}

interface Inspector {
  /** The stock, the orders stored since the last snapshot, and (`withCarts`) the carts. */
  snapshot(partIds: string[], buyers: Buyer[], withCarts: boolean): Promise<Snapshot>;
  close(): Promise<void>;
}

/** Reads the round's outcome from PostgreSQL itself: the tables, not the API. */
async function sqlInspector(databaseUrl: string): Promise<Inspector> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let lastSeq = 0;
  return {
    async snapshot(partIds, _buyers, withCarts) {
      const stock = new Map<string, number>();
      const parts = await client.query<{ id: string; available_quantity: number }>(
        'select id, available_quantity from parts where id = any($1::uuid[])',
        [partIds],
      );
      for (const r of parts.rows) stock.set(r.id, r.available_quantity);
      const rows = await client.query<{
        id: string;
        seq: string;
        user_email: string;
        line_count: number;
        total_cents: string;
        quantity: number;
      }>(
        `select id, seq, user_email, line_count, total_cents, quantity from orders
         where seq > $1 order by seq`,
        [lastSeq],
      );
      const lines = await client.query<{
        order_id: string;
        part_id: string | null;
        quantity: number;
        unit_price_cents: number;
      }>(
        `select order_id, part_id, quantity, unit_price_cents from order_lines
         where order_id = any($1::uuid[]) order by order_id, position`,
        [rows.rows.map((r) => r.id)],
      );
      const orders = rows.rows.map((r): StoredOrder => ({
        id: r.id,
        email: r.user_email,
        lineCount: r.line_count,
        totalCents: Number(r.total_cents),
        quantity: r.quantity,
        lines: [],
      }));
      const byId = new Map(orders.map((o) => [o.id, o]));
      for (const l of lines.rows)
        byId.get(l.order_id)!.lines.push({
          partId: l.part_id,
          quantity: l.quantity,
          unitCents: l.unit_price_cents,
        });
      for (const r of rows.rows) lastSeq = Math.max(lastSeq, Number(r.seq));
      const carts = new Map<string, Map<string, number>>();
      const cartRows = withCarts
        ? await client.query<{ email: string; part_id: string; quantity: number }>(
            'select u.email, c.part_id, c.quantity from cart_lines c join users u on u.id = c.user_id',
          )
        : { rows: [] };
      for (const r of cartRows.rows) {
        if (!carts.has(r.email)) carts.set(r.email, new Map());
        carts.get(r.email)!.set(r.part_id, r.quantity);
      }
      return { stock, orders, carts };
    },
    close: () => client.end(),
  };
}

interface ApiOrder {
  _id: string;
  userEmail: string;
  partId: string | null;
  price: number;
  quantity: number;
  total: number;
  lines?: { partId: string | null; price: number; quantity: number; total: number }[];
}

/** Every order through the admin's paged list, newest first. */
async function apiOrders(base: string, adminToken: string): Promise<ApiOrder[]> {
  const list: ApiOrder[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/allPurchases?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await call<ApiOrder[]>(base, 'GET', query, { token: adminToken });
    if (res.status !== 200) throw new Error(`allPurchases: ${res.status}`);
    list.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return list;
}

/** An order as the API shows it, as stored (its lines: `lines`, or itself when it has one). */
function fromApi(o: ApiOrder): StoredOrder {
  const lines = o.lines ?? [o];
  return {
    id: o._id,
    email: o.userEmail,
    lineCount: lines.length,
    totalCents: cents(o.total),
    quantity: o.quantity,
    lines: lines.map((l) => ({
      partId: l.partId,
      quantity: l.quantity,
      unitCents: cents(l.price),
    })),
  };
}

/**
 * Reads the round's outcome through the API (the embedded database is the server's own): the
 * parts' stock, the admin's order list with each order's lines, each buyer's cart.
 */
function apiInspector(base: string, adminToken: string): Inspector {
  const seen = new Set<string>();
  return {
    async snapshot(partIds, buyers, withCarts) {
      const stock = new Map<string, number>();
      for (const id of partIds) stock.set(id, await stockOf(base, id));
      const orders = (await apiOrders(base, adminToken))
        .filter((o) => !seen.has(o._id))
        .map(fromApi)
        .reverse();
      for (const o of orders) seen.add(o.id);
      const carts = new Map<string, Map<string, number>>();
      await pool(withCarts ? buyers : [], 8, async (b) => {
        const res = await call<{ lines: { partId: string; quantity: number }[] }>(
          base,
          'GET',
          '/api/cart',
          { token: b.token, ip: b.ip },
        );
        if (res.status !== 200) throw new Error(`cart of ${b.email}: ${res.status}`);
        if (res.body.lines.length > 0)
          carts.set(b.email, new Map(res.body.lines.map((l) => [l.partId, l.quantity])));
      });
      return { stock, orders, carts };
    },
    close: async () => {},
  };
}

/** A checkout's answer: the order, or the refusal and the lines it names (status 0: none came). */
interface CheckoutAnswer {
  status: number;
  body: {
    insertedId?: string;
    statusCode?: number;
    lines?: { partId: string; problem: string }[];
    error?: string;
  };
}

interface Outcome {
  rounds: number;
  exact: number;
  acknowledged: number;
  lost: number;
  partial: number;
  refused: number;
  refusedIntact: number;
  /** Refusals whose 409 named at least one line (the others say someone was quicker). */
  refusedNamed: number;
  unacknowledged: number;
  replays: number;
  minStock: number;
  statuses: string[];
  problems: string[];
  burstMs: number[];
  fillMs: number[];
  signUpMs: number;
  roundsMs: number;
  buyers: number;
}

async function checkoutRounds(
  shop: string,
  rounds: number,
  buyerCount: number,
  inspector: (admin: string) => Promise<Inspector>,
): Promise<Outcome> {
  // Each part's stock, in proportion to the buyers (the stock of PARTS is for BUYERS).
  const stocks = PARTS.map((part) => Math.round((part.stock * buyerCount) / BUYERS));
  const started = Date.now();
  const admin = await signUp(shop, ADMIN_EMAIL, buyerIp(0));
  // Sign-ups are rate limited per client address: each buyer comes from its own (the servers
  // trust 127.0.0.1 as their proxy, nginx).
  const buyers = await pool(
    Array.from({ length: buyerCount }, (_, i) => i + 1),
    8,
    async (i): Promise<Buyer> => {
      const email = uniqueEmail(`checkout${i}`);
      return {
        index: i,
        email,
        token: await signUp(shop, email, buyerIp(i)),
        ip: buyerIp(i),
        cartLeft: false,
      };
    },
  );
  const signedUp = Date.now();
  const partIds: string[] = [];
  for (const [p, part] of PARTS.entries()) {
    const res = await call<{ insertedId: string }>(shop, 'POST', '/api/addParts', {
      token: admin,
      body: {
        name: part.name,
        description: 'A part the checkout proof buys in carts.',
        availableQuantity: stocks[p],
        minOrderQuantity: 1,
        price: part.price,
        priceBreaks: part.priceBreaks,
        image: '/images/parts/proof.svg',
      },
    });
    if (res.status !== 200) throw new Error(`addParts: ${res.status} ${JSON.stringify(res.body)}`);
    partIds.push(res.body.insertedId);
  }
  const partIndex = new Map(partIds.map((id, p) => [id, p]));
  const inspect = await inspector(admin);
  const outcome: Outcome = {
    rounds: 0,
    exact: 0,
    acknowledged: 0,
    lost: 0,
    partial: 0,
    refused: 0,
    refusedIntact: 0,
    refusedNamed: 0,
    unacknowledged: 0,
    replays: 0,
    minStock: Number.POSITIVE_INFINITY,
    statuses: [],
    problems: [],
    burstMs: [],
    fillMs: [],
    signUpMs: signedUp - started,
    buyers: buyerCount,
    roundsMs: 0,
  };
  try {
    for (let round = 0; round < rounds; round++) {
      const problems: string[] = [];
      const say = (problem: string) => problems.push(`round ${round + 1}: ${problem}`);

      // Every part back at its stock (the admin's correction), checked in the database below.
      for (const [p, id] of partIds.entries()) {
        const res = await call(shop, 'PATCH', `/api/tools/${id}`, {
          token: admin,
          body: { availableQuantity: stocks[p] },
        });
        if (res.status !== 200) throw new Error(`PATCH /api/tools: ${res.status}`);
      }
      const before = await inspect.snapshot(partIds, buyers, false);
      for (const [p, id] of partIds.entries())
        if (before.stock.get(id) !== stocks[p])
          say(`part ${p} starts at ${before.stock.get(id)}, not ${stocks[p]}`);
      if (before.orders.length > 0) say(`${before.orders.length} orders between rounds`);

      // Each buyer fills this round's cart: 3 lines, put one by one. A cart the last checkout
      // refused still holds last round's lines: the part this round leaves out is taken out and
      // the one it adds is put in.
      const filling = performance.now();
      const wanted = new Map<string, { p: number; quantity: number }[]>();
      await pool(buyers, 16, async (b) => {
        const lines = cartOf(b.index, round);
        wanted.set(b.email, lines);
        const skipped = partIds.find((_, p) => !lines.some((l) => l.p === p))!;
        let put = lines;
        if (b.cartLeft) {
          const res = await call(shop, 'DELETE', `/api/cart/lines/${skipped}`, {
            token: b.token,
            ip: b.ip,
          });
          if (res.status !== 200) say(`DELETE cart line of ${b.email}: ${res.status}`);
          const held = new Set(cartOf(b.index, round - 1).map((l) => l.p));
          put = lines.filter((l) => !held.has(l.p));
        }
        let cart: { lines: { partId: string; quantity: number }[] } | undefined;
        for (const line of put) {
          const res = await call<typeof cart>(shop, 'PUT', `/api/cart/lines/${partIds[line.p]}`, {
            token: b.token,
            ip: b.ip,
            body: { quantity: line.quantity },
          });
          if (res.status !== 200)
            say(`PUT cart line of ${b.email}: ${res.status} ${JSON.stringify(res.body)}`);
          cart = res.body;
        }
        const got = (cart?.lines ?? []).map((l) => `${partIndex.get(l.partId)}x${l.quantity}`);
        const expected = lines.map((l) => `${l.p}x${l.quantity}`);
        if (got.sort().join() !== expected.sort().join())
          say(`cart of ${b.email} is ${got.join(' ')}, not ${expected.join(' ')}`);
      });

      // Every buyer checks out at once; half of them with an Idempotency-Key.
      const key = (b: Buyer) => `checkout-proof-${round}-${b.index}`;
      const keyed = (b: Buyer) => b.index % 2 === 0;
      outcome.fillMs.push(performance.now() - filling);
      const burstStart = performance.now();
      const answers = await Promise.all(
        buyers.map(async (b): Promise<CheckoutAnswer> => {
          try {
            return await call<CheckoutAnswer['body']>(shop, 'POST', '/api/checkout', {
              token: b.token,
              ip: b.ip,
              body: { address: ADDRESS, phone: PHONE },
              headers: keyed(b) ? { 'idempotency-key': key(b) } : {},
            });
          } catch (error) {
            // No answer (status 0): counted, never retried.
            return { status: 0, body: { error: networkCause(error) ?? String(error) } };
          }
        }),
      );
      outcome.burstMs.push(performance.now() - burstStart);

      const acknowledged = new Map<string, string>();
      const refused = new Set<string>();
      for (const [i, a] of answers.entries()) {
        const b = buyers[i]!;
        outcome.statuses.push(a.status === 0 ? 'network error' : String(a.status));
        if (a.status === 200 && a.body.insertedId) acknowledged.set(a.body.insertedId, b.email);
        else if (a.status === 409) {
          refused.add(b.email);
          if (a.body.statusCode !== 409 || !Array.isArray(a.body.lines))
            say(`checkout of ${b.email}: a 409 without its lines: ${JSON.stringify(a.body)}`);
          else if (a.body.lines.length > 0) outcome.refusedNamed++;
        } else say(`checkout of ${b.email}: ${a.status} ${JSON.stringify(a.body)}`);
        b.cartLeft = a.status !== 200;
      }

      // A few keyed checkouts sent again: the same answer, and no second order (the snapshot).
      const replayed = buyers.filter((b, i) => keyed(b) && answers[i]!.status === 200).slice(0, 5);
      for (const b of replayed) {
        const first = answers[buyers.indexOf(b)]!.body.insertedId;
        const res = await call<{ insertedId?: string }>(shop, 'POST', '/api/checkout', {
          token: b.token,
          ip: b.ip,
          body: { address: ADDRESS, phone: PHONE },
          headers: { 'idempotency-key': key(b) },
        });
        outcome.replays++;
        if (res.status !== 200 || res.body.insertedId !== first)
          say(
            `replay of ${b.email}'s key: ${res.status} ${JSON.stringify(res.body)}, first ${first}`,
          );
        // The order as its buyer reads it (GET /api/purchase/:id): its 3 lines and their total.
        const order = await call<ApiOrder>(shop, 'GET', `/api/purchase/${first}`, {
          token: b.token,
          ip: b.ip,
        });
        const shown = order.status === 200 ? fromApi(order.body) : undefined;
        const sum = shown?.lines.reduce((t, l) => t + l.unitCents * l.quantity, 0);
        if (!shown || shown.lineCount !== LINES || shown.totalCents !== sum)
          say(`GET /api/purchase/${first}: ${order.status} ${JSON.stringify(order.body)}`);
      }

      // What the database holds now.
      const after = await inspect.snapshot(partIds, buyers, true);
      const units = new Map<string, number>();
      const ordersOf = new Map<string, number>();
      let partial = 0;
      for (const o of after.orders) {
        ordersOf.set(o.email, (ordersOf.get(o.email) ?? 0) + 1);
        for (const l of o.lines)
          if (l.partId) units.set(l.partId, (units.get(l.partId) ?? 0) + l.quantity);
        const sum = o.lines.reduce((s, l) => s + l.unitCents * l.quantity, 0);
        const count = o.lines.reduce((s, l) => s + l.quantity, 0);
        const got = o.lines.map((l) => `${partIndex.get(l.partId ?? '')}x${l.quantity}`).sort();
        const cart = wanted.get(o.email);
        const expected = (cart ?? []).map((l) => `${l.p}x${l.quantity}`).sort();
        if (o.lines.length !== LINES || o.lineCount !== LINES) {
          partial++;
          say(`order ${o.id} has ${o.lines.length} lines, line_count ${o.lineCount}`);
        }
        if (o.totalCents !== sum) say(`order ${o.id}: total ${o.totalCents} ≠ its lines' ${sum}`);
        if (o.quantity !== count)
          say(`order ${o.id}: quantity ${o.quantity} ≠ its lines' ${count}`);
        if (got.join() !== expected.join())
          say(`order ${o.id} of ${o.email} holds ${got.join(' ')}, its cart ${expected.join(' ')}`);
        for (const l of o.lines) {
          const p = partIndex.get(l.partId ?? '');
          if (p !== undefined && l.unitCents !== unitCents(p, l.quantity))
            say(
              `order ${o.id}: ${l.quantity} of part ${p} at ${l.unitCents}, not ${unitCents(p, l.quantity)}`,
            );
        }
      }
      // (a) and (b): stock never below 0, and stock + units ordered = the stock it began with.
      for (const [p, id] of partIds.entries()) {
        const left = after.stock.get(id) ?? Number.NaN;
        outcome.minStock = Math.min(outcome.minStock, left);
        if (!(left >= 0)) say(`part ${p}: stock ${left}`);
        const ordered = units.get(id) ?? 0;
        if (left + ordered !== stocks[p])
          say(`part ${p}: stock ${left} + ordered ${ordered} ≠ ${stocks[p]}`);
      }
      // (d): every acknowledged order is stored; and no order stored that nobody was told of.
      const stored = new Map(after.orders.map((o) => [o.id, o]));
      let lost = 0;
      for (const [id, email] of acknowledged) {
        const o = stored.get(id);
        if (!o) {
          lost++;
          say(`acknowledged order ${id} of ${email} is not stored`);
        } else if (o.email !== email) say(`order ${id} is ${o.email}'s, acknowledged to ${email}`);
      }
      const unacknowledged = after.orders.filter((o) => !acknowledged.has(o.id));
      for (const o of unacknowledged) say(`order ${o.id} of ${o.email} was never acknowledged`);
      for (const [email, n] of ordersOf) if (n > 1) say(`${email} has ${n} orders from one cart`);
      // (e): a refused checkout left its cart as it was; an acknowledged one emptied it.
      let intact = 0;
      for (const b of buyers) {
        const cart = after.carts.get(b.email);
        const got = [...(cart ?? new Map<string, number>())]
          .map(([id, q]) => `${partIndex.get(id)}x${q}`)
          .sort();
        if (refused.has(b.email)) {
          const expected = wanted
            .get(b.email)!
            .map((l) => `${l.p}x${l.quantity}`)
            .sort();
          if (got.join() === expected.join()) intact++;
          else say(`refused ${b.email}'s cart is ${got.join(' ')}, was ${expected.join(' ')}`);
        } else if (!b.cartLeft && got.length > 0)
          say(`${b.email} checked out but the cart still holds ${got.join(' ')}`);
      }

      outcome.rounds++;
      outcome.acknowledged += acknowledged.size;
      outcome.lost += lost;
      outcome.partial += partial;
      outcome.refused += refused.size;
      outcome.refusedIntact += intact;
      outcome.unacknowledged += unacknowledged.length;
      if (acknowledged.size === 0) say('no checkout was acknowledged');
      if (refused.size === 0) say('no checkout was refused: the parts did not run out');
      if (problems.length === 0) outcome.exact++;
      outcome.problems.push(...problems);
    }
  } finally {
    await inspect.close();
  }
  outcome.roundsMs = Date.now() - signedUp;
  return outcome;
}

function check(label: string, o: Outcome, rounds: number) {
  const burst = [...o.burstMs].sort((a, b) => a - b);
  figure(
    `  ${o.buyers} sign-ups in ${(o.signUpMs / 1000).toFixed(1)} s, ${o.rounds} rounds in ` +
      `${(o.roundsMs / 1000).toFixed(1)} s (the ${o.buyers} checkouts at once took ` +
      `${(burst[0]! / 1000).toFixed(2)} to ${(burst[burst.length - 1]! / 1000).toFixed(2)} s, ` +
      `filling the carts ${(o.fillMs.reduce((a, b) => a + b, 0) / o.fillMs.length / 1000).toFixed(1)} s a round)`,
  );
  figure(
    `[checkout] ${label}, ${o.buyers} buyers: ${o.exact}/${o.rounds} rounds exact; ${o.acknowledged} orders ` +
      `acknowledged, ${o.lost} lost, ${o.partial} partial, ${o.unacknowledged} unacknowledged; ` +
      `${o.refused} refused (409) took nothing, ${o.refusedIntact} carts intact ` +
      `(${o.refusedNamed} named their lines); ${o.replays} key replays answered the same; ` +
      `min stock ${o.minStock} (answers: ${tally(o.statuses)})`,
  );
  expect(o.problems.slice(0, 20)).toEqual([]);
  expect(o.rounds).toBe(rounds);
  expect(o.exact).toBe(rounds);
  expect(o.lost).toBe(0);
  expect(o.partial).toBe(0);
  expect(o.unacknowledged).toBe(0);
  expect(o.acknowledged + o.refused).toBe(rounds * o.buyers);
  expect(o.refusedIntact).toBe(o.refused);
  expect(o.minStock).toBeGreaterThanOrEqual(0);
  // Only orders and refusals: no 5xx, no 422, no lost connection.
  expect(o.statuses.filter((s) => s !== '200' && s !== '409')).toEqual([]);
}

describe('checkout', () => {
  it('postgres, 2 instances behind nginx: every cart is one whole order or nothing, every round', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('checkout');
    cleanups.push(() => database.drop());
    const cluster = await startCluster({
      instances: 2,
      port: PORT + 1,
      env: serverEnv({
        DATABASE_URL: database.url,
        REDIS_URL: await redisUrl(),
        TRUST_PROXY: '127.0.0.1',
      }),
    });
    cleanups.push(() => cluster.stop());
    // Every request through nginx (deploy/nginx.conf), which spreads them over the instances.
    const nginx = await startNginx({ port: PORT, targets: cluster.urls });
    cleanups.push(() => nginx.stop());
    const outcome = await checkoutRounds(nginx.url, ROUNDS, BUYERS, async () =>
      sqlInspector(database.url),
    );
    check('postgres x2 instances behind nginx', outcome, ROUNDS);
    await nginx.stop();
    await cluster.stop();
  });

  it('PGlite, 1 instance: every cart is one whole order or nothing, every round', async () => {
    const data = tempDataDir('checkout');
    cleanups.push(() => data.remove());
    const env = serverEnv({ DATA_DIR: data.dir, TRUST_PROXY: '127.0.0.1' });
    await createEmbeddedDatabase(data.dir, env);
    const cluster = await startCluster({ instances: 1, port: PORT + 5, env });
    cleanups.push(() => cluster.stop());
    const shop = cluster.urls[0]!;
    const outcome = await checkoutRounds(shop, PGLITE_ROUNDS, PGLITE_BUYERS, async (admin) =>
      apiInspector(shop, admin),
    );
    check('pglite x1 instance', outcome, PGLITE_ROUNDS);
    await cluster.stop();
  });
});
