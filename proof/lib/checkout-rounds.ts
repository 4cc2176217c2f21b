// The checkout proof's rounds: the buyers sign up, fill their carts from the parts of limited
// stock and check out at once, round after round; each round's outcome is checked against what
// the shop stores (checkout.test.ts runs them and states what must hold).
import { ADMIN_EMAIL } from './env.ts';
import { buyerIp, call, networkCause, pool, signUp, uniqueEmail } from './shop.ts';

/** The buyers' shipping address, in Texas: each checkout pays shipping and sales tax. */
const SHIP_TO = {
  name: 'Proof Buyer',
  line1: '500 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
};
import { cents, fromApi, type ApiOrder, type Buyer, type Inspector } from './checkout-inspect.ts';

/** The buyers; PGlite's short run has fewer (see PGLITE_BUYERS). */
export const BUYERS = 200;
export const LINES = 3;

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

/** What the rounds came to: counts over every round, the problems each round found. */
export interface Outcome {
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

/**
 * `rounds` rounds of `buyerCount` buyers on the shop at `shop`, each round read back through the
 * inspector (made with the admin's token).
 */
export async function checkoutRounds(
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
      const token = await signUp(shop, email, buyerIp(i));
      const address = await call<{ insertedId: string }>(shop, 'POST', '/api/addresses', {
        token,
        ip: buyerIp(i),
        body: SHIP_TO,
      });
      if (address.status !== 201) throw new Error(`address of ${email}: ${address.status}`);
      return {
        index: i,
        email,
        token,
        ip: buyerIp(i),
        cartLeft: false,
        addressId: address.body.insertedId,
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
              body: { addressId: b.addressId },
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
          body: { addressId: b.addressId },
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
        if (!shown || shown.lineCount !== LINES || shown.subtotalCents !== sum)
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
        if (o.subtotalCents !== sum)
          say(`order ${o.id}: subtotal ${o.subtotalCents} ≠ its lines' ${sum}`);
        // Shipped to Texas: the Standard charge (or free from $500) and 8.25% tax on top.
        if (o.extraCents <= 0) say(`order ${o.id}: no shipping or tax on ${o.subtotalCents}`);
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
