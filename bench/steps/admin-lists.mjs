// The admins' tables (issue 48) on PostgreSQL with 100,000 parts and 100,000 orders: a page's p99
// through the API against the server's own statements of the same page on a bare pg pool,
// request by request, in rounds (decision 055).
import { closeConnections, timedGet } from '../lib/http-get.mjs';
import { pairedRounds } from '../lib/reference.mjs';
import { adminListPages, bareAdminLists, PAGE_ROWS } from '../lib/admin-lists.mjs';
import { seedOrders } from '../lib/sales.mjs';
import { createPgDatabase, seedPostgres } from '../lib/seed.mjs';
import { ADMIN_EMAIL, signUp } from '../lib/shop.mjs';
import { dropDatabases, postgresEnv, withClient } from './shared.mjs';
import { jitterNote, owe, PG_ADMIN_URL, PORT, SHORT } from './settings.mjs';

const ADMIN_ROWS = 100_000;
/** The orders are seeded on this many parts (seedOrders' join grows with the catalogue). */
const ORDER_PARTS = 3000;
const ADMIN_ROUNDS = 3;
/** Enough requests a round that its p99 is not its slowest request (40 made it the max of 40). */
const ADMIN_REQUESTS = SHORT ? 150 : 400;
const ADMIN_WARMUP = 20;
/** Pages past a cursor of each measured sort, spread over the whole list. */
const ADMIN_CURSORS = SHORT ? 10 : 40;
const ADMIN_GOAL = 1.5;
const LISTS = [
  { name: 'parts', rows: `${ADMIN_ROWS.toLocaleString('en')} parts` },
  { name: 'orders', rows: `${ADMIN_ROWS.toLocaleString('en')} orders` },
];
const adminDb = `bench_${process.pid}_admin`;
const figureName = (list) => `p99 admin ${list.name} page / bare pg, ${list.rows}, PostgreSQL`;

/** One page through the API as the admin: its time (ms) and its rows' ids. */
async function apiPage(url, token, page) {
  // On one kept connection, without compression, as the bench's other requests (http-get.mjs).
  const { status, text, ms } = await timedGet(url + page.path, {
    authorization: `Bearer ${token}`,
  });
  if (status !== 200) throw new Error(`GET ${page.path} answered ${status}: ${text.slice(0, 200)}`);
  return { ms, ids: JSON.parse(text).items.map((item) => item._id) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The five pages slowest through the API (their median), each beside its statements' median. */
function logSlowestPages(log, byPage) {
  const slowest = [...byPage]
    .map(([path, times]) => ({
      path,
      shop: median(times.shop),
      reference: median(times.reference),
    }))
    .sort((a, b) => b.shop - a.shop)
    .slice(0, 5);
  for (const page of slowest)
    log(
      `    slow page ${page.path}: API median ${page.shop.toFixed(1)} ms, bare ${page.reference.toFixed(1)} ms`,
    );
}

export const adminLists = {
  key: 'admin-lists',
  title: `admin lists on PostgreSQL (${ADMIN_ROWS.toLocaleString('en')} parts and orders)`,
  owed: LISTS.map((list) => owe(figureName(list), ADMIN_GOAL, { higher: false })),
  run: async (b) => {
    const url = await createPgDatabase(PG_ADMIN_URL, adminDb);
    const p = await b.start({
      name: 'postgres-admin-lists',
      port: PORT.pg,
      env: postgresEnv(b, url, 'pg-admin-lists-data'),
    });
    const bare = bareAdminLists(url);
    try {
      b.phase = "the admin lists step's admin sign-up";
      const admin = await signUp(p.url, ADMIN_EMAIL, '127.6.0.1');
      b.phase = "the admin lists step's seed";
      const t = performance.now();
      await seedPostgres(url, ORDER_PARTS);
      await seedOrders(url, ADMIN_ROWS);
      await seedPostgres(url, ADMIN_ROWS);
      // Vacuumed as well as analysed, as a shop's tables are once autovacuum has been by: the
      // trigram indexes' pending entries merged, no autovacuum starting among the timed requests.
      await withClient(url, (query) => query('vacuum (analyze)'));
      b.log(
        `  seeded ${ADMIN_ROWS} orders on ${ORDER_PARTS} parts, then the catalogue to ${ADMIN_ROWS} parts, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
      for (const list of LISTS) {
        b.phase = `the admin lists step's ${list.name} pages`;
        const pages = await withClient(url, (query) =>
          adminListPages(query, list.name, { cursors: ADMIN_CURSORS, rows: ADMIN_ROWS }),
        );
        // The same work on both sides: each page's rows, through the API and from the statements.
        for (const page of pages) {
          const [api, ref] = [await apiPage(p.url, admin.token, page), await bare.run(page)];
          if (api.ids.length !== PAGE_ROWS || api.ids.join() !== ref.ids.join())
            throw new Error(
              `${page.path}: the API's ${api.ids.length} rows are not the statements' ${ref.ids.length}`,
            );
        }
        const cpu = await b.sampleJitter(`admin ${list.name}`);
        let k = 0;
        let current = pages[0];
        /** Each page's times on both sides, to name the pages that make the p99. */
        const byPage = new Map(pages.map((page) => [page.path, { shop: [], reference: [] }]));
        const paired = await pairedRounds({
          rounds: ADMIN_ROUNDS,
          requests: ADMIN_REQUESTS,
          warmup: ADMIN_WARMUP,
          log: b.log,
          shop: async () => {
            current = pages[k++ % pages.length];
            const { ms } = await apiPage(p.url, admin.token, current);
            byPage.get(current.path).shop.push(ms);
            return ms;
          },
          reference: async () => {
            const { ms } = await bare.run(current);
            byPage.get(current.path).reference.push(ms);
            return ms;
          },
        });
        logSlowestPages(b.log, byPage);
        b.addRatio({
          name: figureName(list),
          rounds: paired.rounds,
          reference: 'bare pg',
          sideUnit: ' ms',
          goal: ADMIN_GOAL,
          higher: false,
          note:
            `${list.rows} (vacuumed and analysed); ${pages.length} pages of ${PAGE_ROWS} in turn (each sort's first page, ${ADMIN_CURSORS} past cursors spread over the list, the first pages of filters), ` +
            `${ADMIN_ROUNDS} rounds of ${ADMIN_REQUESTS} sequential requests as an admin (Bearer token, no compression, one kept connection of Node's http client) after ${ADMIN_WARMUP} warm-up, each followed by the server's own statements of that page ` +
            `(modules/${list.name}/admin-list.ts: the page and its count at once${list.name === 'orders' ? ', then its lines' : ''}) on a bare pg pool of 2; ` +
            `over all rounds, API median ${paired.shop.toFixed(1)} ms, bare median ${paired.reference.toFixed(1)} ms` +
            jitterNote(cpu),
        });
      }
    } finally {
      await bare.close();
      closeConnections();
      await p.stop();
    }
  },
  after: (b) => dropDatabases(b, [adminDb]),
};
