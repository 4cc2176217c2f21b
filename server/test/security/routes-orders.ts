import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderRefunds, orders, quoteLines, quotes } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import type { Caller, LiveApp } from './live.ts';
import {
  CARD,
  adminOnly,
  everyone,
  fixed,
  part,
  signedIn,
  type Cast,
  type RouteSpec,
} from './routes-common.ts';

/** The spec's purchase keeps its free-text address and phone. */
const ORDER_FIELDS = { address: '1 Main Street, Springfield', phone: '+1 217 555 0100' };

/** Each caller's shipping address (one each, added to their address book on first use). */
const addresses = new Map<string, Promise<string>>();
function addressOf(live: LiveApp, who: Caller): Promise<string> {
  const key = `${who.id}`;
  const known = addresses.get(key);
  if (known) return known;
  const added = live
    .call({
      method: 'POST',
      path: '/api/addresses',
      as: who,
      body: {
        name: 'Matrix Buyer',
        line1: '500 Congress Ave',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
        phone: '+1 512 555 0100',
      },
    })
    .then((res) => {
      if (res.status !== 201) throw new Error(`no address: ${res.status} ${res.text}`);
      return res.json().insertedId as string;
    });
  addresses.set(key, added);
  return added;
}

async function intent(live: LiveApp, who: Caller) {
  const orderId = await live.order(who);
  const res = await live.call({
    method: 'POST',
    path: '/api/create-payment-intent',
    as: who,
    body: { orderId },
  });
  if (res.status !== 200) throw new Error(`no payment intent: ${res.status} ${res.text}`);
  return { orderId, clientSecret: res.json().clientSecret as string };
}

/** An order of the customer's, paid (and refunded, when asked) as far as the database says. */
async function settledOrder(live: LiveApp, cast: Cast, refunded = false) {
  const id = await live.order(cast.customer);
  const suffix = randomUUID().slice(0, 6);
  await live.database.db
    .update(orders)
    .set({
      paid: true,
      paidAt: new Date(),
      transactionId: `pi_test_${randomUUID()}`,
      invoiceNumber: `PS-1999-${suffix}`,
      ...(refunded
        ? { refundedAt: new Date(), creditNoteNumber: `CN-1999-${suffix}`, refundReason: 'test' }
        : {}),
    })
    .where(eq(orders.id, id));
  return id;
}

/** A paid order of the customer's with one partial refund (its first line's one unit): both ids. */
async function partlyRefunded(live: LiveApp, cast: Cast) {
  const id = await settledOrder(live, cast);
  const [refund] = await live.database.db
    .insert(orderRefunds)
    .values({
      orderId: id,
      creditNoteNumber: `CN-1999-${randomUUID().slice(0, 6)}`,
      lines: [{ position: 0, quantity: 1, sku: null, name: 'Part', unitPriceCents: 100 }],
      subtotalCents: 100,
      taxes: [],
      taxCents: 0,
      amountCents: 100,
      restocked: false,
      reason: 'test',
      providerRefundId: `re_test_${randomUUID()}`,
    })
    .returning();
  return { id, refundId: refund!.id };
}

/** A quote of the customer's for 2 units of a part in stock, answered (valid a week) when asked. */
async function customerQuote(live: LiveApp, cast: Cast, answered = false) {
  const partId = await part(live);
  const [quote] = await live.database.db
    .insert(quotes)
    .values({
      userId: cast.customer.id,
      userEmail: cast.customer.email,
      userName: 'Customer',
      message: '',
      ...(answered
        ? { answeredAt: new Date(), validUntil: new Date(Date.now() + 7 * 86_400_000) }
        : {}),
    })
    .returning();
  await live.database.db.insert(quoteLines).values({
    quoteId: quote!.id,
    position: 0,
    partId,
    name: 'Quoted part',
    image: '',
    quantity: 2,
    listPriceCents: 1000,
    unitPriceCents: answered ? 900 : null,
  });
  return { id: quote!.id, partId };
}

/** Orders, the cart, quotes, invoices and payments: their rows of ROUTES. */
export const ORDER_ROUTES: Record<string, RouteSpec> = {
  'POST /api/purchase': {
    expect: signedIn(200),
    call: async (live) => ({
      path: '/api/purchase',
      body: { partId: await part(live), quantity: 1, ...ORDER_FIELDS },
    }),
  },
  // Only a company's owner, admins and approvers: none of the matrix's callers is one.
  'GET /api/company/approvals': { expect: signedIn(403), call: fixed('/api/company/approvals') },
  'GET /api/waiting': { expect: signedIn(200), call: fixed('/api/waiting') },
  'GET /api/orders': {
    expect: [401, 200, 403, 403],
    call: async (_live, cast) => ({ path: `/api/orders?userEmail=${cast.customer.email}` }),
  },
  'GET /api/purchase/:id': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({ path: `/api/purchase/${await live.order(cast.customer)}` }),
  },
  // Issue 49: only its company's approvers decide an order; the cast belongs to no company, so
  // the customer's own order is not found for anyone (not even its buyer or a shop admin).
  'POST /api/orders/:id/approve': {
    expect: [401, 404, 404, 404],
    call: async (live, cast) => ({
      path: `/api/orders/${await live.order(cast.customer)}/approve`,
      body: {},
    }),
  },
  'POST /api/orders/:id/decline': {
    expect: [401, 404, 404, 404],
    call: async (live, cast) => ({
      path: `/api/orders/${await live.order(cast.customer)}/decline`,
      body: {},
    }),
  },
  'DELETE /api/orders/:id': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({ path: `/api/orders/${await live.order(cast.customer)}` }),
  },
  // Only the order's owner fills a cart with it; an admin is another customer here.
  'POST /api/orders/:id/reorder': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: `/api/orders/${await live.order(cast.customer)}/reorder`,
    }),
  },
  // Only the order's buyer writes to the shop about it; an admin is another customer here.
  'POST /api/orders/:id/messages': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: `/api/orders/${await live.order(cast.customer)}/messages`,
      body: { topic: 'question', message: 'When will this order ship, please?' },
    }),
  },
  // Everybody has a cart: a visitor's is named by a signed cookie (visitor-cart.test.ts).
  'GET /api/cart': { expect: everyone(200), call: fixed('/api/cart') },
  'PUT /api/cart/lines/:partId': {
    expect: everyone(200),
    call: async (live) => ({ path: `/api/cart/lines/${await part(live)}`, body: { quantity: 1 } }),
  },
  'DELETE /api/cart/lines/:partId': {
    expect: everyone(200),
    call: async (live) => ({ path: `/api/cart/lines/${await part(live)}` }),
  },
  // A list of part numbers into the cart (issue 49), a visitor's too.
  'POST /api/cart/quick-order': {
    expect: everyone(200),
    call: async (live) => {
      const { sku } = await insertPart(live.database.db, { availableQuantity: 1000 });
      return { path: '/api/cart/quick-order', body: { lines: `${sku}, 1` } };
    },
  },
  // Each caller checks out a cart of its own with one line in it.
  'POST /api/checkout': {
    expect: signedIn(200),
    call: async (live, cast, role) => {
      if (role !== 'anonymous') {
        const res = await live.call({
          method: 'PUT',
          path: `/api/cart/lines/${await part(live)}`,
          as: cast[role],
          body: { quantity: 1 },
        });
        if (res.status !== 200) throw new Error(`no cart line: ${res.status} ${res.text}`);
      }
      const addressId = role === 'anonymous' ? randomUUID() : await addressOf(live, cast[role]);
      return { path: '/api/checkout', body: { addressId } };
    },
  },
  'POST /api/checkout/preview': {
    expect: signedIn(200),
    call: async (live, cast, role) => ({
      path: '/api/checkout/preview',
      body: {
        addressId: role === 'anonymous' ? randomUUID() : await addressOf(live, cast[role]),
      },
    }),
  },
  'POST /api/quotes/:id/preview': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: `/api/quotes/${(await customerQuote(live, cast, true)).id}/preview`,
      body: { addressId: await addressOf(live, cast.customer) },
    }),
  },
  'POST /api/quotes': {
    expect: signedIn(200),
    call: async (live) => ({
      path: '/api/quotes',
      body: { lines: [{ partId: await part(live), quantity: 1 }], message: 'A price, please' },
    }),
  },
  'GET /api/quotes': { expect: signedIn(200), call: fixed('/api/quotes') },
  // Issue 49: the cast belongs to no company, so nobody reads a company's quotes.
  'GET /api/company/quotes': { expect: [401, 403, 403, 403], call: fixed('/api/company/quotes') },
  'GET /api/quotes/:id': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({ path: `/api/quotes/${(await customerQuote(live, cast)).id}` }),
  },
  'PUT /api/quotes/:id': {
    expect: adminOnly,
    call: async (live, cast) => {
      const quote = await customerQuote(live, cast);
      return {
        path: `/api/quotes/${quote.id}`,
        body: {
          lines: [{ partId: quote.partId, unitPrice: 8.5 }],
          validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
      };
    },
  },
  // Only the quote's customer accepts it; an admin is another customer here.
  'POST /api/quotes/:id/accept': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: `/api/quotes/${(await customerQuote(live, cast, true)).id}/accept`,
      body: { addressId: await addressOf(live, cast.customer) },
    }),
  },
  'GET /api/orders/:id/invoice.pdf': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast)}/invoice.pdf`,
    }),
  },
  'GET /api/orders/:id/credit-note.pdf': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast, true)}/credit-note.pdf`,
    }),
  },
  'GET /api/orders/:id/packing-slip.pdf': {
    expect: adminOnly,
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast)}/packing-slip.pdf`,
    }),
  },
  // With a paid order waiting to be shipped, so that the admin's answer is a file, not a 404.
  'GET /api/admin/orders/packing-slips.pdf': {
    expect: adminOnly,
    call: async (live, cast) => {
      await settledOrder(live, cast);
      return { path: '/api/admin/orders/packing-slips.pdf' };
    },
  },
  'GET /api/admin/orders/pick-list.pdf': {
    expect: adminOnly,
    call: async (live, cast) => {
      await settledOrder(live, cast);
      return { path: '/api/admin/orders/pick-list.pdf' };
    },
  },
  'POST /api/admin/orders/ship': {
    expect: adminOnly,
    call: async (live, cast) => ({
      path: '/api/admin/orders/ship',
      body: { ids: [await settledOrder(live, cast)], carrier: 'UPS' },
    }),
  },
  // On an order refunded already: the admin's call answers without asking the provider again.
  'POST /api/orders/:id/refund': {
    expect: adminOnly,
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast, true)}/refund`,
      body: { reason: 'Arrived damaged' },
    }),
  },
  'GET /api/orders/:id/refunds': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({
      path: `/api/orders/${(await partlyRefunded(live, cast)).id}/refunds`,
    }),
  },
  // On an order refunded in full already: the admin's call answers 409 without the provider.
  'POST /api/orders/:id/refunds': {
    expect: [401, 403, 403, 409],
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast, true)}/refunds`,
      body: { lines: [{ position: 0, quantity: 1 }], restock: false, reason: 'Returned' },
    }),
  },
  'GET /api/orders/:id/refunds/:refundId/credit-note.pdf': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => {
      const { id, refundId } = await partlyRefunded(live, cast);
      return { path: `/api/orders/${id}/refunds/${refundId}/credit-note.pdf` };
    },
  },
  'GET /api/payment-config': { expect: everyone(200), call: fixed('/api/payment-config') },
  // Stripe's webhook (a shop with STRIPE_WEBHOOK_SECRET): only a signed event is read.
  'POST /api/webhooks/stripe': {
    expect: everyone(400),
    call: fixed('/api/webhooks/stripe', {
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_forged', object: 'payment_intent', status: 'succeeded' } },
    }),
  },
  // Paying is only for the order's owner: an admin is a customer here.
  'POST /api/create-payment-intent': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: '/api/create-payment-intent',
      body: { orderId: await live.order(cast.customer) },
    }),
  },
  'PATCH /api/purchase/:id': {
    expect: [401, 402, 404, 404],
    call: async (live, cast) => ({
      path: `/api/purchase/${await live.order(cast.customer)}`,
      body: { transactionId: 'pi_test_NotAPaymentOfThisShop' },
    }),
  },
  // Like Stripe, the client secret is the capability: it is handed to the order's owner only.
  'POST /api/test-payments/confirm': {
    expect: signedIn(200),
    // With Stripe the test processor is not in use: 404 past the access check.
    withStripe: signedIn(404),
    call: async (live, cast, role) => {
      const who = role === 'anonymous' ? cast.customer : cast[role];
      const { clientSecret } = await intent(live, who);
      return { path: '/api/test-payments/confirm', body: { clientSecret, ...CARD } };
    },
  },
};
