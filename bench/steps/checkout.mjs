// Checkouts of a 5-line cart (issue 26) against the server's own checkout statement sent without
// the shop: on PGlite by a bare PGlite, on PostgreSQL by a bare pg pool of 8 (decision 055); and
// the stock invariant after them.
import {
  bareCheckoutRounds,
  CHECKOUT_LINES,
  CHECKOUT_STOCK,
  checkoutRounds,
  checkoutSetup,
  checkoutTally,
} from '../lib/checkouts.mjs';
import { barePool, sideBySide } from '../lib/reference.mjs';
import { createPgDatabase } from '../lib/seed.mjs';
import { ADMIN_EMAIL, referenceUsers, signInOrUp, signUpBuyers } from '../lib/shop.mjs';
import { checkoutStatement, texasOrder } from '../lib/statements.mjs';
import { bareA, dropDatabases, postgresEnv, referenceDatabase } from './shared.mjs';
import { CONNECTIONS, jitterNote, owe, PG_ADMIN_URL, PORT, SHORT } from './settings.mjs';

/** Interleaved rounds of CHECKOUT_ROUNDS_PER_SIDE rounds of the 32 buyers' checkouts a side. */
const CHECKOUT_BUYERS = 32;
const CHECKOUT_SIDE_ROUNDS = SHORT ? 3 : 5;
const CHECKOUT_ROUNDS_PER_SIDE = SHORT ? 4 : 8;
const CHECKOUTS_PGLITE_GOAL = 0.25;
const CHECKOUTS_POSTGRES_GOAL = 0.6;
/** The buyer the reference's statement is made for, then each reference customer's id instead. */
const STAND_IN = {
  id: '00000000-0000-4000-8000-0000000b3c4e',
  email: 'reference@example.com',
  name: 'Bench Reference',
};

/**
 * The checkouts of `server` against `reference`: { query, run (a statement to its rows),
 * lockParts, label, goal, note } on a database of the shop's schema with the same parts, by
 * name, that no server holds.
 */
async function measure(b, server, label, tag, reference) {
  b.phase = `the checkout step's sign-ups (${label})`;
  const admin = await signInOrUp(server.url, ADMIN_EMAIL, '127.2.0.1');
  const buyers = await signUpBuyers(server.url, CHECKOUT_BUYERS, tag);
  const { chosen, since } = await checkoutSetup({ url: server.url, admin, buyers });
  // The reference's parts (the same, by name) with the same stock, and its 32 customers.
  const parts = await reference.query(
    `update parts set available_quantity = $2 where deleted_at is null and name = any($1::text[])
     returning id, min_order_quantity`,
    [chosen.map((p) => p.name), CHECKOUT_STOCK],
  );
  if (parts.length !== CHECKOUT_LINES)
    throw new Error(`the reference has ${parts.length} of the ${CHECKOUT_LINES} parts`);
  const users = await referenceUsers(reference.query, CHECKOUT_BUYERS, tag);
  // Shipped to Texas and taxed, as the shop's checkouts are (issue 47): the same cart's money.
  const subtotalCents = chosen.reduce(
    (sum, part) => sum + Math.round(part.price * 100) * part.minOrderQuantity,
    0,
  );
  const statement = await checkoutStatement(await texasOrder(subtotalCents), STAND_IN, {
    lockParts: reference.lockParts,
  });
  const statementOf = (userId) => ({
    sql: statement.sql,
    params: statement.params.map((v) => (v === STAND_IN.id ? userId : v)),
  });
  b.phase = `the checkout step's load (${label})`;
  const cpu = await b.sampleJitter(`checkout, ${label}`);
  let ok = 0;
  let refused = 0;
  const rounds = await sideBySide({
    rounds: CHECKOUT_SIDE_ROUNDS,
    log: b.log,
    unit: '/s',
    shop: async () => {
      const run = await checkoutRounds({
        url: server.url,
        buyers,
        chosen,
        rounds: CHECKOUT_ROUNDS_PER_SIDE,
        connections: CONNECTIONS,
      });
      ok += run.ok;
      refused += run.refused;
      return run.rps;
    },
    reference: () =>
      bareCheckoutRounds({
        query: reference.query,
        run: reference.run,
        statementOf,
        users,
        parts,
        rounds: CHECKOUT_ROUNDS_PER_SIDE,
        connections: CONNECTIONS,
      }),
  });
  b.addRatio({
    name: `checkouts/s (5 lines) / ${reference.label}, ${label}`,
    rounds,
    reference: reference.label,
    sideUnit: '/s',
    goal: reference.goal,
    note: `${CHECKOUT_BUYERS} buyers x ${CHECKOUT_ROUNDS_PER_SIDE} rounds a side a round, ${CONNECTIONS} connections; the checkouts timed, not the cart fills; ${reference.note}${jitterNote(cpu)}`,
  });
  const tally = await checkoutTally({ url: server.url, buyers, chosen, since, ok });
  b.add({
    name: `stock invariant after checkouts, ${label}`,
    value: tally.invariant ? 1 : 0,
    goal: 1,
    note: `${ok} acknowledged, ${tally.orders} orders read back, ${refused} refused; stock left + units in lines = stock before, per part`,
  });
}

export const checkout = {
  key: 'checkout',
  title: `checkouts of a ${CHECKOUT_LINES}-line cart, PGlite and PostgreSQL`,
  owed: [
    owe('checkouts/s (5 lines) / bare PGlite, PGlite', CHECKOUTS_PGLITE_GOAL),
    owe('stock invariant after checkouts, PGlite', 1),
    owe('checkouts/s (5 lines) / bare pg, PostgreSQL', CHECKOUTS_POSTGRES_GOAL),
    owe('stock invariant after checkouts, PostgreSQL', 1),
  ],
  run: async (b) => {
    const bare = await bareA(b);
    await measure(b, b.shared.a, 'PGlite', 'checkout-pglite', {
      label: 'bare PGlite',
      goal: CHECKOUTS_PGLITE_GOAL,
      query: bare.query,
      run: (statement) => bare.run(statement.sql, statement.params),
      lockParts: false,
      note: "the reference: the server's checkout statement (modules/orders/checkout.ts) on a bare PGlite opened on a copy of the folder in the bench's process, carts filled by SQL",
    });
    const refName = `${b.pgName}_checkout_ref`;
    const refUrl = await referenceDatabase(b, refName, 'pg-checkout-ref-data');
    const url = await createPgDatabase(PG_ADMIN_URL, `${b.pgName}_checkout`);
    const p = await b.start({
      name: 'postgres-checkout',
      port: PORT.pg,
      env: postgresEnv(b, url, 'pg-checkout-data'),
    });
    const pool = barePool(refUrl, CONNECTIONS);
    try {
      await measure(b, p, 'PostgreSQL', 'checkout-postgres', {
        label: 'bare pg',
        goal: CHECKOUTS_POSTGRES_GOAL,
        query: async (sql, params) => (await pool.pool.query(sql, params)).rows,
        run: async (statement) => (await pool.run(statement, 'partsmith_checkout')).rows,
        lockParts: true,
        note: `the reference: the server's checkout statement (modules/orders/checkout.ts, decision 051) prepared on a bare pg pool of ${CONNECTIONS} connections, on a database of the shop's schema and demo catalogue that no server holds, carts filled by SQL`,
      });
    } finally {
      await pool.close();
    }
    await p.stop();
    await dropDatabases(b, [`${b.pgName}_checkout`, refName]);
  },
};
