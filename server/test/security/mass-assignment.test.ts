import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, parts, testPayments, users } from '../../src/db/schema/index.ts';
import { ONE_DB } from '../helpers.ts';
import { PAYMENTS, routeList, startLiveApp, type LiveApp } from './live.ts';
import { ROLES, ROUTES, expected, type Cast, signUpCast } from './routes.ts';

/** What a mass-assignment attack adds to a body (OWASP API3 2023). */
const FORGED = {
  price: 0.01,
  paid: true,
  transactionId: 'pi_forged_by_mass_assignment',
  status: 'shipped',
  role: 'admin',
  availableQuantity: 99_999,
  userEmail: 'forged-owner@example.com',
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  /** Replaced by the other customer's id: nothing written here may belong to them. */
  userId: 'the other customer',
  emailVerified: true,
};
const FIELDS = Object.keys(FORGED) as (keyof typeof FORGED)[];

/** Fields no route may read from a body, even one whose schema names them. */
const NEVER_INPUT: readonly string[] = ['userId', 'emailVerified', 'role', 'paid', 'transactionId'];

/** The tables whose rows name their owner or author, and that column. */
const OWNED = [
  ['orders', 'user_id'],
  ['reviews', 'user_id'],
  ['profiles', 'user_id'],
  ['addresses', 'user_id'],
  ['idempotency_keys', 'user_id'],
  ['audit_log', 'actor_id'],
] as const;

/** Every row of every table of the shop, as JSON text. */
async function everyRow(live: LiveApp) {
  const { db } = live.database;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const rows: string[] = [];
  for (const { table_name } of tables.rows) {
    const result = (await db.execute(
      sql`select row_to_json(t)::text as j from ${sql.identifier(table_name)} t`,
    )) as unknown as { rows: { j: string }[] };
    rows.push(...result.rows.map((r) => `${table_name}: ${r.j}`));
  }
  return rows;
}

/** The fields a route's body schema reads (an admin may set a part's price and stock). */
function ownFields(live: LiveApp, method: string, url: string): string[] {
  const route = live.app.apiRoutes.find((r) => [r.method].flat().includes(method) && r.url === url);
  const body = (route?.schema as { body?: { shape?: object } } | undefined)?.body;
  return Object.keys(body?.shape ?? {});
}

/** Each database, with the test processor and with Stripe (whose webhook is a route too). */
const SHOPS = ONE_DB.flatMap((kind) => PAYMENTS.map((payments) => [kind, payments] as const));

describe.each(SHOPS)('security suite 2: mass assignment on %s, %s payments', (kind, payments) => {
  let live: LiveApp;
  let cast: Cast;
  beforeAll(async () => {
    live = await startLiveApp(kind, { payments });
    cast = await signUpCast(live);
  });
  afterAll(() => live.close());

  it('stores none of the forged fields on any write route', async () => {
    const forgedValues = { ...FORGED, userId: cast.other.id };
    const writes = routeList(live.app).filter((r) => r.method !== 'GET');
    let injections = 0;
    let legitimate = 0;
    const unexpected: string[] = [];
    let refused = 0;
    for (const { method, url } of writes) {
      const spec = ROUTES[`${method} ${url}`]!;
      // The first caller the route lets in: the customer, or the admin on admin routes.
      const role = spec.expect[1] < 400 ? 'customer' : 'admin';
      const { path, body, contentType } = await spec.call(live, cast, role);
      let forged: unknown;
      // A CSV import has no JSON fields to forge: its unknown columns are refused (422).
      if (typeof body === 'string') forged = body;
      else if (body instanceof FormData) {
        for (const f of FIELDS) body.append(f, String(forgedValues[f]));
        forged = body;
        injections += FIELDS.length;
      } else {
        const given = (body ?? {}) as Record<string, unknown>;
        const own = ownFields(live, method, url);
        // No route takes its owner from the body, whatever its schema says.
        const extra = FIELDS.filter(
          (f) => !(f in given) && (NEVER_INPUT.includes(f) || !own.includes(f)),
        );
        legitimate += FIELDS.length - extra.length;
        injections += extra.length;
        forged = { ...Object.fromEntries(extra.map((f) => [f, forgedValues[f]])), ...given };
      }
      const res = await live.call({ method, path, body: forged, contentType, as: cast[role] });
      // Ignoring the forged fields or refusing the body (400) are both safe; anything else is not.
      if (res.status === 400) refused++;
      else if (res.status !== expected(spec, payments)[ROLES.indexOf(role)])
        unexpected.push(`${method} ${url}: ${res.status} ${res.text}`);
    }
    // Better Auth's sign-up takes a body too: a forged role must not make an admin.
    const signUp = await live.call({
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'long enough 123',
        ...forgedValues,
      },
    });
    expect(signUp.status).toBe(200);
    injections += FIELDS.length;

    const { db } = live.database;
    const stored: string[] = [];
    const text = await everyRow(live);
    for (const f of ['transactionId', 'userEmail', '_id'] as const) {
      const hits = text.filter((row) => row.includes(FORGED[f]));
      if (hits.length > 0) stored.push(`${f}: ${hits.join(' | ')}`);
    }
    // The two paid (and shipped) orders are the ones the fixtures of PUT /api/changeStatus/:id
    // and POST /api/admin/orders/ship paid; the refund route's fixture is an order paid and
    // refunded already (left out here).
    const paidOrders = (await db.select().from(orders).where(eq(orders.paid, true))).filter(
      (o) => o.refundedAt === null,
    );
    if (paidOrders.length !== 2) stored.push(`paid: ${paidOrders.length} paid orders`);
    if (paidOrders.filter((o) => o.shippedAt).length !== 2) stored.push('status: shipped');
    const cheap = [
      ...(await db.select().from(orders).where(eq(orders.unitPriceCents, 1))),
      ...(await db.select().from(parts).where(eq(parts.priceCents, 1))),
      ...(await db.select().from(testPayments).where(eq(testPayments.amountCents, 1))),
    ];
    if (cheap.length > 0) stored.push(`price: ${cheap.length} rows at 1 cent`);
    const stocked = await db.select().from(parts).where(eq(parts.availableQuantity, 99_999));
    if (stocked.length > 0) stored.push('availableQuantity: 99999');
    const admins = (await db.select().from(users).where(eq(users.role, 'admin'))).map(
      (u) => u.email,
    );
    // The admin, and the account PUT /api/users/admin/:email promoted on purpose.
    const forgedAdmins = admins.filter(
      (e) => e !== 'admin@example.com' && !e.startsWith('throwaway-'),
    );
    if (forgedAdmins.length > 0 || admins.length !== 2) stored.push(`role: ${admins.join(', ')}`);
    // Nothing the customer and the admin wrote is the other customer's.
    for (const [table, column] of OWNED) {
      const owned = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${cast.other.id}`,
      )) as unknown as { rows: { n: number }[] };
      if (owned.rows[0]!.n > 0) stored.push(`userId: ${owned.rows[0]!.n} ${table} rows`);
    }
    // A forged emailVerified does not confirm an address.
    const [mallory] = await db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    if (mallory?.emailVerified !== false) stored.push('emailVerified: true at sign-up');

    console.log(
      `[mass-assignment ${kind}, ${payments}] ${FIELDS.length} fields x ${writes.length + 1} write routes: ` +
        `${injections} forged fields sent (${legitimate} are the route's own input), ` +
        `${stored.length} stored; ${refused} bodies refused (400), the rest answered as usual`,
    );
    expect(stored).toEqual([]);
    expect(unexpected).toEqual([]);
  });
});
