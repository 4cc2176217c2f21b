// What waits, on the dashboard's first screen (GET /api/admin/waiting for the staff, GET
// /api/waiting for a customer), on PostgreSQL, against a bare node:http server that sends the
// same statements on a bare `pg` pool (bench/raw-db-server.mjs): the sales step's database of
// 100,000 orders. The counts are made by the server's own code (statements.mjs, decision 055).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { repoRoot, startServer } from './server.mjs';
import { waitingStatements } from './statements.mjs';

// The session's read that comes first in every signed-in request (server/src/auth/
// session-lookup.ts: one indexed query, prepared there), $1 the session's token.
const SESSION = `select u.id, u.email, u.name, u.role, u.email_verified, s.expires_at
  from sessions s join users u on u.id = s.user_id where s.token = $1`;

/**
 * Starts the bare server on `port` for the staff's counts (`/staff`, read with the session
 * `tokens.staff`) and the customer `customerId`'s (`/customer`, with `tokens.customer`).
 */
export async function startRawWaiting({ url, port, customerId, tokens, logDir }) {
  const { staff, customer } = await waitingStatements(customerId);
  const session = (token) => ({ sql: SESSION, params: [token] });
  const file = path.join(logDir, 'raw-waiting.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      databaseUrl: url,
      // As many as the server sends at once (its pool is larger).
      poolSize: staff.length,
      pages: {
        '/staff': { session: session(tokens.staff), statements: staff },
        '/customer': { session: session(tokens.customer), statements: customer },
      },
    }),
  );
  return startServer({
    name: `raw-waiting-${port}`,
    port,
    env: {},
    logDir,
    script: [path.join(repoRoot, 'bench/raw-db-server.mjs'), file, String(port)],
  });
}

/**
 * Starts the bare server of the packing slips on `port` (bench/raw-slips-server.mjs): the
 * session `token`'s read, then the shop's own slipsToShip and renderPackingSlips, for the seller
 * the shop at `shopUrl` prints.
 */
export async function startRawSlips({ url, port, token, shopUrl, logDir }) {
  const { sellerParty } = await tsImport(
    path.join(repoRoot, 'contract/src/seller.ts'),
    import.meta.url,
  );
  const file = path.join(logDir, 'raw-slips.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      databaseUrl: url,
      session: { sql: SESSION, params: [token] },
      seller: { ...sellerParty(), url: shopUrl },
    }),
  );
  return startServer({
    name: `raw-slips-${port}`,
    port,
    env: {},
    logDir,
    script: [path.join(repoRoot, 'bench/raw-slips-server.mjs'), file, String(port)],
  });
}

/** A few reads and one write on the bench's database, outside the figures. */
export function benchDatabase(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const one = async (text, params) => (await pool.query(text, params)).rows[0];
  return {
    userId: async (email) => (await one('select id from users where email = $1', [email])).id,
    /** The newest session's token of the account `userId` (its sign-up's). */
    sessionToken: async (userId) =>
      (
        await one(
          'select token from sessions where user_id = $1 order by created_at desc limit 1',
          [userId],
        )
      ).token,
    /** Makes the seeded orders of `email` (placed by e-mail alone) the account `userId`'s. */
    async adopt(email, userId) {
      const { rowCount } = await pool.query(
        'update orders set user_id = $2 where user_email = $1',
        [email, userId],
      );
      await pool.query('analyze orders');
      return rowCount;
    },
    /** The ids of the `limit` paid orders to ship that have waited longest. */
    toShip: async (limit) =>
      (
        await pool.query(
          `select id from orders where paid and shipped_at is null and refunded_at is null
            order by created_at, seq limit $1`,
          [limit],
        )
      ).rows.map((row) => row.id),
    /**
     * The ids of `limit` paid, shipped orders not refunded at all, the newest first, each given
     * its succeeded payment at the test processor (the seed's orders have none), so that the
     * shop can refund part of it.
     */
    async refundable(limit) {
      const { rows } = await pool.query(
        `select id from orders where paid and shipped_at is not null and refunded_at is null
           and refunded_subtotal_cents = 0 and payment_method = 'card'
         order by created_at desc, seq desc limit $1`,
        [limit],
      );
      const ids = rows.map((row) => row.id);
      await pool.query(
        `insert into test_payments (id, client_secret, idempotency_key, order_id, amount_cents,
                                    currency, status)
         select transaction_id, transaction_id || '_secret', 'bench-' || transaction_id, id,
                total_cents, 'usd', 'succeeded'
         from orders where id = any($1::uuid[])
         on conflict do nothing`,
        [ids],
      );
      return ids;
    },
    close: () => pool.end(),
  };
}
