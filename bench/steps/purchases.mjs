// Purchases through the shop against the server's own purchase statement without it, and the
// stock invariant after them; on PGlite here (the postgres step measures PostgreSQL's).
import { loops, sideBySide } from '../lib/reference.mjs';
import { STOCK } from '../lib/seed.mjs';
import {
  ADMIN_EMAIL,
  invalidationChecks,
  ORDER,
  purchaseLoad,
  purchaseTally,
  referenceUsers,
  signUp,
  signUpBuyers,
  stockHolds,
} from '../lib/shop.mjs';
import { purchaseStatement } from '../lib/statements.mjs';
import { bareA } from './shared.mjs';
import {
  BUYERS,
  CONNECTIONS,
  jitterNote,
  owe,
  PURCHASE_ROUND_SECONDS,
  PURCHASE_ROUNDS,
} from './settings.mjs';

/** Purchases/s on PGlite against a bare PGlite (decision 055). */
export const PURCHASES_PGLITE_GOAL = 0.25;

/**
 * Purchases through the shop against the server's own purchase statement sent by `reference`
 * (a function of the round's seconds answering its rate), in interleaved rounds; then the stock
 * invariant over every purchase of the shop's rounds, read through the API.
 */
export async function purchaseRatio(
  b,
  { server, label, buyers, partId, reference, referenceLabel, goal, floor = goal, note },
) {
  const shopLoad = (seconds) =>
    purchaseLoad({ url: server.url, partId, buyers, seconds, connections: CONNECTIONS });
  const cpu = await b.sampleJitter(`purchases, ${label}`);
  const rounds = await sideBySide({
    rounds: PURCHASE_ROUNDS,
    log: b.log,
    unit: '/s',
    warmup: { shop: () => shopLoad(1), reference: () => reference(1) },
    shop: async () => (await shopLoad(PURCHASE_ROUND_SECONDS)).rps,
    reference: () => reference(PURCHASE_ROUND_SECONDS),
  });
  b.addRatio({
    name: `purchases/s / ${referenceLabel}, ${label}`,
    rounds,
    reference: referenceLabel,
    sideUnit: '/s',
    goal,
    floor,
    note: `${BUYERS} buyers, ${CONNECTIONS} connections, the whole request; ${PURCHASE_ROUND_SECONDS} s a side a round; ${note}${jitterNote(cpu)}`,
  });
  const run = await purchaseTally({ url: server.url, partId, buyers });
  b.add({
    name: `stock invariant after purchases, ${label}`,
    value: stockHolds(STOCK, run) ? 1 : 0,
    goal: 1,
    note: `${STOCK} = ${run.after} left + ${run.units} ordered (${run.orders} orders)`,
  });
}

export const purchases = {
  key: 'purchases',
  title: 'purchases on PGlite',
  owed: [
    owe('purchases/s / bare PGlite, PGlite', PURCHASES_PGLITE_GOAL),
    owe('stock invariant after purchases, PGlite', 1),
    owe('invalidation exact (purchase, add, delete)', 3),
  ],
  run: async (b) => {
    const a = b.shared.a;
    b.phase = `the purchases step's ${BUYERS} sign-ups`;
    const buyers = await signUpBuyers(a.url, BUYERS, 'pglite');
    b.phase = "the purchases step's load";
    // The reference: the same statement on the bare PGlite copy, for a customer made there.
    const bare = await bareA(b);
    const [userId] = await referenceUsers(bare.query, 1, 'purchases');
    const statement = await purchaseStatement(
      { partId: b.shared.stockPartA, ...ORDER },
      { id: userId, email: 'reference-purchases-1@example.com', name: 'Bench Reference' },
    );
    await purchaseRatio(b, {
      server: a,
      label: 'PGlite',
      buyers,
      partId: b.shared.stockPartA,
      referenceLabel: 'bare PGlite',
      goal: PURCHASES_PGLITE_GOAL,
      reference: async (seconds) =>
        (
          await loops({
            concurrency: CONNECTIONS,
            seconds,
            once: () => bare.run(statement.sql, statement.params),
          })
        ).rps,
      note: `the reference: the server's purchase statement (modules/orders/service.ts) on a bare PGlite opened on a copy of the folder in the bench's process, ${CONNECTIONS} callers`,
    });
    b.phase = "the purchases step's admin sign-up and invalidation checks";
    const admin = await signUp(a.url, ADMIN_EMAIL, '127.2.0.1');
    const checks = await invalidationChecks(a.url, admin, buyers[1]);
    b.add({
      name: 'invalidation exact (purchase, add, delete)',
      value: checks.filter((c) => c.ok).length,
      goal: 3,
      note: checks.map((c) => `${c.name} ${c.ok ? 'shown at once' : 'NOT shown'}`).join(', '),
    });
  },
};
