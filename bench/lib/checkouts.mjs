// The checkouts of a 5-line cart, through the shop and without it (the checkout step's), and the
// stock invariant after them.
import { api, stockOf } from './shop.mjs';

/** Runs `tasks` (functions giving promises) with at most `width` at once. */
async function pooled(tasks, width) {
  let next = 0;
  const results = new Array(tasks.length);
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

export const CHECKOUT_LINES = 5;
export const CHECKOUT_STOCK = 1_000_000;

/** The buyers' shipping address: Texas, so every checkout pays shipping and sales tax. */
export const BENCH_ADDRESS = {
  name: 'Bench Buyer',
  line1: '500 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
};

/**
 * The checkout figure's set-up: the admin gives five parts (of the catalogue's first page, with
 * a minimum order of at most 5 and no volume prices) a large stock, and each of `buyers` gets a
 * Texas address (`buyer.addressId`). Answers the parts and the moment the checkouts start from
 * (for checkoutTally).
 */
export async function checkoutSetup({ url, admin, buyers = [] }) {
  for (const buyer of buyers) {
    const res = await api(url, '/api/addresses', {
      token: buyer.token,
      method: 'POST',
      body: BENCH_ADDRESS,
    });
    buyer.addressId = res.json.insertedId;
  }
  const catalogue = (await api(url, '/api/allParts?page=0&size=100')).json;
  const chosen = catalogue
    .filter((p) => p.minOrderQuantity <= 5 && p.priceBreaks.length === 0)
    .slice(0, CHECKOUT_LINES);
  if (chosen.length < CHECKOUT_LINES) throw new Error('not enough parts for a 5-line cart');
  for (const part of chosen) {
    await api(url, `/api/tools/${part._id}`, {
      token: admin.token,
      method: 'PATCH',
      body: { availableQuantity: CHECKOUT_STOCK },
    });
  }
  return { chosen, since: new Date(Date.now() - 1000).toISOString() };
}

/**
 * Checkouts of a 5-line cart, `rounds` times: each round every buyer's cart is filled with the
 * five parts (not timed), then all buyers check out at once through `connections` connections
 * (timed, the checkouts only). Answers the time the checkouts took (ms) and their answers.
 */
export async function checkoutRounds({ url, buyers, chosen, rounds, connections = 8 }) {
  let timedMs = 0;
  let ok = 0;
  let refused = 0;
  for (let round = 0; round < rounds; round++) {
    await pooled(
      buyers.flatMap((buyer) =>
        chosen.map(
          (part) => () =>
            api(url, `/api/cart/lines/${part._id}`, {
              token: buyer.token,
              method: 'PUT',
              body: { quantity: part.minOrderQuantity },
            }),
        ),
      ),
      connections,
    );
    const t = performance.now();
    const answers = await pooled(
      buyers.map((buyer) => async () => {
        const res = await fetch(`${url}/api/checkout`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${buyer.token}`,
            'content-type': 'application/json',
            origin: new URL(url).origin,
          },
          body: JSON.stringify({ addressId: buyer.addressId }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
      connections,
    );
    timedMs += performance.now() - t;
    ok += answers.filter((s) => s === 200).length;
    refused += answers.filter((s) => s !== 200).length;
  }
  return { ms: timedMs, rps: ok / (timedMs / 1000), ok, refused };
}

/**
 * The checkouts' stock invariant, per part, over the orders placed since `since` (read through
 * the API): stock left + units in the orders' lines = the stock the set-up gave, and as many
 * orders as checkouts were acknowledged (`ok`).
 */
export async function checkoutTally({ url, buyers, chosen, since, ok }) {
  const ordered = new Map(chosen.map((p) => [p._id, 0]));
  let orders = 0;
  for (const buyer of buyers) {
    const list = (await api(url, `/api/orders?userEmail=${encodeURIComponent(buyer.email)}`, buyer))
      .json;
    for (const order of list.filter((o) => o.createdAt >= since && o.lines)) {
      orders += 1;
      for (const line of order.lines)
        if (ordered.has(line.partId))
          ordered.set(line.partId, ordered.get(line.partId) + line.quantity);
    }
  }
  const exact = [];
  for (const part of chosen) {
    const left = await stockOf(url, part._id);
    exact.push(left + ordered.get(part._id) === CHECKOUT_STOCK);
  }
  return { orders, invariant: exact.every(Boolean) && orders === ok };
}

/**
 * The same checkouts without the shop (the reference of docs/decisions/055): on a database of
 * the shop's schema that no server holds, `users` (ids) each get a cart of the `parts` (rows of
 * id and min_order_quantity) in one statement (not timed), then the checkout statement of each
 * (`statementOf(userId)`) is sent through `connections` at once by `run` (timed). `rounds` times;
 * answers the checkouts a second. `query` runs the set-up's statements.
 */
export async function bareCheckoutRounds({
  query,
  run,
  statementOf,
  users,
  parts,
  rounds,
  connections = 8,
}) {
  let timedMs = 0;
  let placed = 0;
  for (let round = 0; round < rounds; round++) {
    await query(
      `insert into cart_lines (user_id, part_id, quantity)
       select u.id, p.id, p.q
       from unnest($1::uuid[]) as u(id)
       cross join unnest($2::uuid[], $3::int[]) as p(id, q)`,
      [users, parts.map((p) => p.id), parts.map((p) => p.min_order_quantity)],
    );
    const t = performance.now();
    const answers = await pooled(
      users.map((user) => () => run(statementOf(user))),
      connections,
    );
    timedMs += performance.now() - t;
    placed += answers.filter((rows) => rows.length === 1).length;
  }
  if (placed !== users.length * rounds)
    throw new Error(`the bare checkouts placed ${placed} orders, not ${users.length * rounds}`);
  return placed / (timedMs / 1000);
}
