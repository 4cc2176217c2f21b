// The admin's sales overview on PostgreSQL with 100,000 orders: its p99 against the same four
// statements on a bare pg pool, request by request, in rounds (decision 055).
import { closeConnections, timedGet, timedPost } from '../lib/http-get.mjs';
import { pairedRounds } from '../lib/reference.mjs';
import { bareSales, seedOrders } from '../lib/sales.mjs';
import { benchDatabase, startRawSlips, startRawWaiting } from '../lib/waiting.mjs';
import { createPgDatabase, seedPostgres } from '../lib/seed.mjs';
import { ADMIN_EMAIL, signUp } from '../lib/shop.mjs';
import { median, percentile } from '../lib/stats.mjs';
import { dropDatabases, postgresEnv } from './shared.mjs';
import { jitterNote, owe, PG_ADMIN_URL, PORT, SHORT } from './settings.mjs';

const SALES_ORDERS = 100_000;
const SALES_PARTS = 3000;
const SALES_WARMUP = 5;
const SALES_ROUNDS = 3;
const SALES_REQUESTS = SHORT ? 30 : 100;
const SALES_GOAL = 1.5;
const SALES_SPANS = [30, 90];
const salesDb = `bench_${process.pid}_sales`;
/**
 * The dashboard's first screen: a few small counts behind a signed-in request, read against a
 * bare node:http server sending the same statements, so that the HTTP round trip, which is most
 * of a request of a few milliseconds, is on both sides; the sales and search figures' 1.5x
 * (decision 072).
 */
const WAITING_GOAL = 1.5;
/** A seeded buyer (the seed places 50 orders for each of 2,000 addresses) who signs up. */
const WAITING_BUYER = 'buyer-7@example.com';
/**
 * The packing slips of the orders to ship (the oldest 100 of the seed's 20,000), and their pick
 * list, each against a bare server drawing the same file with the shop's own code: fewer
 * requests, each draws 100 pages (the slips) or sums 100 orders' lines (the pick list).
 */
const SLIPS = {
  goal: 1.5,
  warmup: 2,
  requests: SHORT ? 5 : 10,
  files: [
    {
      name: 'p99 packing slips / bare server, PostgreSQL',
      path: '/api/admin/orders/packing-slips.pdf',
      rawPath: '/',
      what: 'the 100 longest waiting of 20,000 orders to ship, a page each',
    },
    {
      name: 'p99 pick list / bare server, PostgreSQL',
      path: '/api/admin/orders/pick-list.pdf',
      rawPath: '/pick-list',
      what: "the same 100 orders' parts summed, a row each",
    },
  ],
};
/**
 * The selected orders shipped together (POST /api/admin/orders/ship, 100 a request: the most it
 * takes), against the bare server running the shop's own shipMany: each request ships orders of
 * its own, the seed's 20,000 to ship, the longest waiting first.
 */
const SHIP = {
  name: 'p99 bulk ship of 100 orders / bare server, PostgreSQL',
  path: '/api/admin/orders/ship',
  batch: 100,
};

/**
 * A partial refund (POST /api/orders/:id/refunds: one unit of an order's first line, restocked),
 * against the bare server running the shop's own refundPart with the test processor: each
 * request refunds an order of its own, the seed's shipped orders, the newest first.
 */
const REFUND = {
  name: 'p99 partial refund / bare server, PostgreSQL',
  path: (id) => `/api/orders/${id}/refunds`,
  body: { lines: [{ position: 0, quantity: 1 }], restock: true, reason: 'Returned (bench)' },
};

const WAITING = {
  staff: { name: 'p99 staff waiting / bare server, PostgreSQL', path: '/api/admin/waiting' },
  customer: { name: 'p99 customer waiting / bare server, PostgreSQL', path: '/api/waiting' },
};

/**
 * Each round: SALES_REQUESTS of each span through the API (`api`), each followed by the same
 * statements on the bare pool (`bare`); answers each span's rounds (each side's p99) and all
 * times.
 */
async function salesRounds(api, bare) {
  const rounds = new Map(SALES_SPANS.map((days) => [days, []]));
  const all = new Map(SALES_SPANS.map((days) => [days, { api: [], bare: [] }]));
  for (let round = 0; round < SALES_ROUNDS; round++) {
    const times = new Map(SALES_SPANS.map((days) => [days, { api: [], bare: [] }]));
    for (let i = 0; i < SALES_REQUESTS; i++) {
      for (const days of SALES_SPANS) {
        times.get(days).api.push((await api(days)).ms);
        times.get(days).bare.push(await bare.run(days));
      }
    }
    for (const days of SALES_SPANS) {
      const { api: shop, bare: ref } = times.get(days);
      rounds.get(days).push({ shop: percentile(shop, 99), reference: percentile(ref, 99) });
      all.get(days).api.push(...shop);
      all.get(days).bare.push(...ref);
    }
  }
  return { rounds, all };
}

export const sales = {
  key: 'sales',
  title: `admin sales figures on PostgreSQL (${SALES_ORDERS.toLocaleString('en')} orders)`,
  owed: [
    ...SALES_SPANS.map((days) =>
      owe(`p99 admin sales / bare pg, ${days} days, PostgreSQL`, SALES_GOAL, { higher: false }),
    ),
    ...Object.values(WAITING).map(({ name }) => owe(name, WAITING_GOAL, { higher: false })),
  ],
  run: async (b) => {
    const url = await createPgDatabase(PG_ADMIN_URL, salesDb);
    const p = await b.start({
      name: 'postgres-sales',
      port: PORT.pg,
      // The test processor, for the partial refunds' figure (a production shop needs Stripe).
      env: { ...postgresEnv(b, url, 'pg-sales-data'), ALLOW_TEST_PAYMENTS: 'true' },
    });
    b.phase = "the sales step's admin sign-up";
    const admin = await signUp(p.url, ADMIN_EMAIL, '127.5.0.1');
    b.phase = "the sales step's seed";
    const t = performance.now();
    await seedPostgres(url, SALES_PARTS);
    const placed = await seedOrders(url, SALES_ORDERS);
    b.log(
      `  seeded ${SALES_PARTS} parts and ${SALES_ORDERS} orders in ${((performance.now() - t) / 1000).toFixed(1)} s ` +
        `(${placed[30]} placed in the last 30 days, ${placed[90]} in the last 90)`,
    );
    // On one kept connection, without compression (http-get.mjs).
    const api = async (days) => {
      const path = `/api/admin/sales?days=${days}`;
      const { status, text, ms } = await timedGet(p.url + path, {
        authorization: `Bearer ${admin.token}`,
      });
      if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${text}`);
      return { ms, text };
    };
    // The answer is the seeded one: every order of the span counted once, by state.
    for (const days of SALES_SPANS) {
      const answer = JSON.parse((await api(days)).text);
      const { unpaid, paid, shipped } = answer.ordersByState;
      const expired = placed[days] - unpaid - paid - shipped;
      if (
        answer.paidOrders !== paid + shipped ||
        expired < 0 ||
        answer.revenueByDay.length !== days
      )
        throw new Error(
          `the ${days}-day answer does not match the seed: ${JSON.stringify(answer.ordersByState)}`,
        );
    }
    const bare = bareSales(url);
    b.phase = "the sales step's requests";
    try {
      const cpu = await b.sampleJitter('sales');
      for (let i = 0; i < SALES_WARMUP; i++)
        for (const days of SALES_SPANS) {
          await api(days);
          await bare.run(days);
        }
      const { rounds, all } = await salesRounds(api, bare);
      for (const days of SALES_SPANS) {
        const { api: a, bare: r } = all.get(days);
        b.addRatio({
          name: `p99 admin sales / bare pg, ${days} days, PostgreSQL`,
          rounds: rounds.get(days),
          reference: 'bare pg',
          sideUnit: ' ms',
          goal: SALES_GOAL,
          higher: false,
          note:
            `${SALES_ORDERS.toLocaleString('en')} orders over 365 days (${placed[days].toLocaleString('en')} in the span), ` +
            `${SALES_PARTS.toLocaleString('en')} parts; ${SALES_ROUNDS} rounds of ${SALES_REQUESTS} sequential requests after ${SALES_WARMUP} warm-up, ` +
            `each followed by the same 4 statements on a bare pg pool of 4; over all rounds, API median ${median(a).toFixed(1)} ms, bare median ${median(r).toFixed(1)} ms` +
            jitterNote(cpu),
        });
      }
    } finally {
      await bare.close();
      closeConnections();
    }
    b.phase = "the waiting counts' requests";
    await waitingFigures(b, p.url, url, admin);
    b.phase = "the packing slips' requests";
    await slipsFigure(b, p.url, url, admin);
    await p.stop();
  },
  after: (b) => dropDatabases(b, [salesDb]),
};

/**
 * What waits, on the dashboard's first screen, for the staff (GET /api/admin/waiting: five
 * counts) and for a customer with 50 orders (GET /api/waiting: three statements), each request
 * followed by the same request to a bare node:http server that sends the same statements on a
 * bare pg pool, the session's read first, as the shop does (bench/raw-db-server.mjs).
 */
async function waitingFigures(b, shopUrl, url, admin) {
  const buyer = await signUp(shopUrl, WAITING_BUYER, '127.5.0.2');
  const db = benchDatabase(url);
  let raw;
  try {
    const buyerId = await db.userId(WAITING_BUYER);
    const adopted = await db.adopt(WAITING_BUYER, buyerId);
    raw = await startRawWaiting({
      url,
      port: PORT.raw,
      customerId: buyerId,
      tokens: {
        staff: await db.sessionToken(await db.userId(ADMIN_EMAIL)),
        customer: await db.sessionToken(buyerId),
      },
      logDir: b.logDir,
    });
    const tokens = { staff: admin.token, customer: buyer.token };
    // Each side is sent the key's own session (the bare server does not read it, but receives
    // the same header).
    const get = async (base, path, key) => {
      const { status, text, ms } = await timedGet(base + path, {
        authorization: `Bearer ${tokens[key]}`,
      });
      if (status !== 200) throw new Error(`GET ${base + path} answered ${status}: ${text}`);
      return { ms, text };
    };
    const api = (key) => get(shopUrl, WAITING[key].path, key);
    // The answers are the seeded ones: 2 orders in 10 paid and not shipped; the buyer's 50
    // orders paid or expired but those placed in the last day (none on terms, in no company).
    const staff = JSON.parse((await api('staff')).text);
    const customer = JSON.parse((await api('customer')).text);
    if (staff.ordersToShip !== SALES_ORDERS / 5 || adopted !== SALES_ORDERS / 2000)
      throw new Error(`the staff's answer does not match the seed: ${JSON.stringify(staff)}`);
    if (customer.invoicesToPay !== 0 || customer.ordersToApprove !== null)
      throw new Error(`the customer's answer does not match the seed: ${JSON.stringify(customer)}`);
    const cpu = await b.sampleJitter('waiting');
    for (const key of /** @type {const} */ (['staff', 'customer'])) {
      b.log(`  ${WAITING[key].path}:`);
      const paired = await pairedRounds({
        rounds: SALES_ROUNDS,
        requests: SALES_REQUESTS,
        warmup: SALES_WARMUP,
        log: b.log,
        shop: async () => (await api(key)).ms,
        reference: async () => (await get(raw.url, `/${key}`, key)).ms,
      });
      b.addRatio({
        name: WAITING[key].name,
        rounds: paired.rounds,
        reference: 'bare server',
        sideUnit: ' ms',
        goal: WAITING_GOAL,
        higher: false,
        note:
          `GET ${WAITING[key].path} (${key === 'staff' ? '5 counts in 6 statements over 100,000 orders, 3,000 parts' : `a buyer with ${adopted} orders: 3 statements`}); ` +
          `${SALES_ROUNDS} rounds of ${SALES_REQUESTS} sequential requests after ${SALES_WARMUP} warm-up, each followed by one to a bare node:http server on the same core sending the same statements on a bare pg pool (the session's read, then the counts side by side); ` +
          `over all rounds, API median ${paired.shop.toFixed(2)} ms, bare median ${paired.reference.toFixed(2)} ms` +
          jitterNote(cpu),
      });
    }
  } finally {
    await raw?.stop();
    await db.close();
    closeConnections();
  }
}

/**
 * The admins' packing slips of the orders to ship (GET /api/admin/orders/packing-slips.pdf: the
 * 100 longest waiting, a page each) and their pick list (GET /api/admin/orders/pick-list.pdf),
 * each request followed by one to a bare node:http server on the same core that reads the
 * session, makes the same slips with the shop's own code on a bare pg pool and draws the same
 * file in its own thread (bench/raw-slips-server.mjs).
 */
async function slipsFigure(b, shopUrl, url, admin) {
  const db = benchDatabase(url);
  let raw;
  try {
    raw = await startRawSlips({
      url,
      port: PORT.raw,
      token: await db.sessionToken(await db.userId(ADMIN_EMAIL)),
      shopUrl,
      logDir: b.logDir,
    });
    const get = async (base) => {
      const answer = await timedGet(base, { authorization: `Bearer ${admin.token}` });
      if (answer.status !== 200)
        throw new Error(`GET ${base} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      return answer;
    };
    for (const file of SLIPS.files) {
      // Both sides draw the same file of the 100 orders, of about the same size.
      const [shop, bare] = [await get(shopUrl + file.path), await get(raw.url + file.rawPath)];
      const sizes = [shop, bare].map((a) => Buffer.byteLength(a.text, 'latin1'));
      if (shop.headers['x-packing-slips'] !== '100' || bare.headers['x-packing-slips'] !== '100')
        throw new Error(`${file.path} is not of the 100 longest waiting orders on both sides`);
      if (Math.abs(sizes[0] - sizes[1]) > sizes[1] * 0.05)
        throw new Error(
          `the two files of ${file.path} differ in size: ${sizes.join(' and ')} bytes`,
        );
      const cpu = await b.sampleJitter(file.path);
      b.log(`  ${file.path}:`);
      const paired = await pairedRounds({
        rounds: SALES_ROUNDS,
        requests: SLIPS.requests,
        warmup: SLIPS.warmup,
        log: b.log,
        shop: async () => (await get(shopUrl + file.path)).ms,
        reference: async () => (await get(raw.url + file.rawPath)).ms,
      });
      b.addRatio({
        name: file.name,
        rounds: paired.rounds,
        reference: 'bare server',
        sideUnit: ' ms',
        goal: SLIPS.goal,
        higher: false,
        note:
          `GET ${file.path} (${file.what}, ${Math.round(sizes[0] / 1024)} kB); ` +
          `${SALES_ROUNDS} rounds of ${SLIPS.requests} sequential requests after ${SLIPS.warmup} warm-up, each followed by one to a bare node:http server on the same core reading the session, making the same slips with the shop's code on a bare pg pool and drawing the same file in its own thread; ` +
          `over all rounds, API median ${paired.shop.toFixed(1)} ms, bare median ${paired.reference.toFixed(1)} ms` +
          jitterNote(cpu),
      });
    }
    await shipFigure(b, shopUrl, raw.url, admin, db);
    await refundFigure(b, shopUrl, raw.url, admin, db);
  } finally {
    await raw?.stop();
    await db.close();
    closeConnections();
  }
}

/**
 * The selected orders shipped together through the API, each request followed by one to the bare
 * server shipping the next 100 with the shop's own shipMany; every request ships 100 orders not
 * shipped before, and both sides' answers say so.
 */
async function shipFigure(b, shopUrl, rawUrl, admin, db) {
  const requests = (SLIPS.warmup + SALES_ROUNDS * SLIPS.requests) * 2;
  const ids = await db.toShip(requests * SHIP.batch);
  if (ids.length < requests * SHIP.batch)
    throw new Error(
      `only ${ids.length} orders to ship: the bulk ship figure needs ${requests * SHIP.batch}`,
    );
  let next = 0;
  const ship = async (url) => {
    const batch = ids.slice(next, next + SHIP.batch);
    next += SHIP.batch;
    const answer = await timedPost(
      url,
      { ids: batch, carrier: 'Bench Freight' },
      { authorization: `Bearer ${admin.token}` },
    );
    if (answer.status !== 200)
      throw new Error(`POST ${url} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    const { shipped, alreadyShipped } = JSON.parse(answer.text);
    if (shipped !== SHIP.batch || alreadyShipped !== 0)
      throw new Error(
        `POST ${url} shipped ${shipped} (${alreadyShipped} already) of ${SHIP.batch}`,
      );
    return answer.ms;
  };
  const cpu = await b.sampleJitter(SHIP.path);
  b.log(`  ${SHIP.path}:`);
  const paired = await pairedRounds({
    rounds: SALES_ROUNDS,
    requests: SLIPS.requests,
    warmup: SLIPS.warmup,
    log: b.log,
    shop: () => ship(shopUrl + SHIP.path),
    reference: () => ship(`${rawUrl}/ship`),
  });
  b.addRatio({
    name: SHIP.name,
    rounds: paired.rounds,
    reference: 'bare server',
    sideUnit: ' ms',
    goal: SLIPS.goal,
    higher: false,
    note:
      `POST ${SHIP.path} with ${SHIP.batch} orders to ship a request (each shipped once, in one transaction: locked, updated, their mails queued and audited); ` +
      `${SALES_ROUNDS} rounds of ${SLIPS.requests} sequential requests after ${SLIPS.warmup} warm-up, each followed by one to the bare node:http server on the same core reading the session and running the shop's own shipMany on a bare pg pool for the next ${SHIP.batch}; ` +
      `the shop also sends the shipping mails after each answer (to the bench's SMTP peer), on the same core; ` +
      `over all rounds, API median ${paired.shop.toFixed(1)} ms, bare median ${paired.reference.toFixed(1)} ms` +
      jitterNote(cpu),
  });
}

/**
 * Partial refunds through the API, each request followed by one to the bare server refunding
 * another order with the shop's own refundPart; both sides refund one unit of a paid, shipped
 * order's first line at the test processor (its payment made for the bench), and both answers
 * name a credit note.
 */
async function refundFigure(b, shopUrl, rawUrl, admin, db) {
  const requests = (SLIPS.warmup + SALES_ROUNDS * SLIPS.requests) * 2;
  const ids = await db.refundable(requests);
  if (ids.length < requests)
    throw new Error(`only ${ids.length} orders to refund: the figure needs ${requests}`);
  let next = 0;
  const refund = async (url) => {
    const id = ids[next++];
    const answer = await timedPost(url(id), REFUND.body, {
      authorization: `Bearer ${admin.token}`,
    });
    if (answer.status !== 201)
      throw new Error(`POST ${url(id)} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    if (!/"creditNoteNumber":"CN-/.test(answer.text))
      throw new Error(`POST ${url(id)} answered no credit note: ${answer.text.slice(0, 200)}`);
    return answer.ms;
  };
  const cpu = await b.sampleJitter('/api/orders/:id/refunds');
  b.log('  /api/orders/:id/refunds:');
  const paired = await pairedRounds({
    rounds: SALES_ROUNDS,
    requests: SLIPS.requests,
    warmup: SLIPS.warmup,
    log: b.log,
    shop: () => refund((id) => shopUrl + REFUND.path(id)),
    reference: () => refund((id) => `${rawUrl}/refund/${id}`),
  });
  b.addRatio({
    name: REFUND.name,
    rounds: paired.rounds,
    reference: 'bare server',
    sideUnit: ' ms',
    goal: SLIPS.goal,
    higher: false,
    note:
      `POST /api/orders/:id/refunds of one unit of a shipped order's line, restocked (the test processor's refund, then the refund, its credit note number, the stock, the mail and the audit in one transaction); ` +
      `${SALES_ROUNDS} rounds of ${SLIPS.requests} sequential requests after ${SLIPS.warmup} warm-up, each followed by one to the bare node:http server on the same core reading the session and running the shop's own refundPart on a bare pg pool for another order; ` +
      `the shop also sends the refund mails with their credit notes after each answer (to the bench's SMTP peer), on the same core; ` +
      `over all rounds, API median ${paired.shop.toFixed(1)} ms, bare median ${paired.reference.toFixed(1)} ms` +
      jitterNote(cpu),
  });
}
