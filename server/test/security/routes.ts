import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { orders, quoteLines, quotes, users } from '../../src/db/schema/index.ts';
import { insertPart, insertReviews } from '../../src/db/seed/factories.ts';
import { loadAuthSecret } from '../../src/auth/secret.ts';
import { createNewsletterLinks } from '../../src/modules/contact/service.ts';
import { PASSWORD, type Caller, type LiveApp } from './live.ts';

export const ROLES = ['anonymous', 'customer', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The customer owns the resources; "other" is another customer; the admin runs the shop. */
export interface Cast {
  customer: Caller;
  other: Caller;
  admin: Caller;
}

/** The three signed-in callers of the matrix (admin@example.com is an admin by ADMIN_EMAILS). */
export async function signUpCast(live: LiveApp): Promise<Cast> {
  return {
    customer: await live.signUp('customer@example.com'),
    other: await live.signUp('other@example.com'),
    admin: await live.signUp('admin@example.com'),
  };
}

export interface RouteCall {
  path: string;
  body?: unknown;
  /** The Content-Type of a string body (a CSV import); a JSON body needs none. */
  contentType?: string;
}

export interface RouteSpec {
  /** The expected status for anonymous, customer, other customer, admin. */
  expect: [number, number, number, number];
  /** The same on a shop that takes payments through Stripe, where it differs. */
  withStripe?: [number, number, number, number];
  /** A well-formed call of the route, on the customer's resource; fresh when the call uses it up. */
  call(live: LiveApp, cast: Cast, role: Role): Promise<RouteCall>;
}

/** What a caller must get from a route on a shop with these payments. */
export const expected = (spec: RouteSpec, payments: 'test' | 'stripe') =>
  (payments === 'stripe' && spec.withStripe) || spec.expect;

export const CARD = { number: '4242424242424242', expiry: '12 / 39', cvc: '123' };

const ORDER_FIELDS = { address: '1 Main Street, Springfield', phone: '+1 217 555 0100' };

async function part(live: LiveApp) {
  return (await insertPart(live.database.db, { availableQuantity: 1000 })).id;
}

async function throwaway(live: LiveApp) {
  const [row] = await live.database.db
    .insert(users)
    .values({ name: 'Throwaway', email: `throwaway-${randomUUID()}@example.com` })
    .returning();
  return row!;
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

const review = async (live: LiveApp) => (await insertReviews(live.database.db, [{}]))[0]!.id;

/** A newsletter link as the shop mails it (path and query only). */
function newsletterLink(live: LiveApp, kind: 'confirm' | 'unsubscribe') {
  const secret = loadAuthSecret(live.config.authSecret, live.config.dataDir);
  const links = createNewsletterLinks(secret, '');
  return kind === 'confirm'
    ? links.confirmUrl('reader@example.com')
    : links.unsubscribeUrl('reader@example.com');
}

let png: Buffer | undefined;
async function image() {
  png ??= await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return form;
}

const everyone = (status: number): RouteSpec['expect'] => [status, status, status, status];
const signedIn = (status: number): RouteSpec['expect'] => [401, status, status, status];
const adminOnly: RouteSpec['expect'] = [401, 403, 403, 200];
const fixed =
  (path: string, body?: unknown): RouteSpec['call'] =>
  async () => ({ path, body });

/**
 * Every API route (method and pattern, as Fastify registered it) with what each caller must get.
 * A route missing here fails the access matrix, so a new route needs its row.
 */
export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/auth/*': { expect: everyone(200), call: fixed('/api/auth/get-session') },
  'POST /api/auth/*': {
    expect: signedIn(200),
    call: fixed('/api/auth/update-user', { name: 'Renamed User' }),
  },
  'GET /api/auth-providers': { expect: everyone(200), call: fixed('/api/auth-providers') },
  'GET /api/healthz': { expect: everyone(200), call: fixed('/api/healthz') },
  // A shop with METRICS_TOKEN (the matrix sets it): only that token's bearer may scrape, and no
  // session, an admin's neither, stands in for it.
  'GET /api/metrics': { expect: everyone(401), call: fixed('/api/metrics') },
  'GET /api/readyz': { expect: everyone(200), call: fixed('/api/readyz') },
  'GET /api/allParts': { expect: everyone(200), call: fixed('/api/allParts?page=0&size=5') },
  'GET /api/part/:id': {
    expect: everyone(200),
    call: async (live) => ({ path: `/api/part/${await part(live)}` }),
  },
  'GET /api/categories': { expect: everyone(200), call: fixed('/api/categories') },
  'GET /api/parts/search': {
    expect: everyone(200),
    call: fixed('/api/parts/search?q=memory&category=memory&f.type=DDR5&inStock=true'),
  },
  'GET /api/reviews': { expect: everyone(200), call: fixed('/api/reviews') },
  'POST /api/addReview': {
    expect: signedIn(200),
    call: fixed('/api/addReview', {
      name: 'Happy Buyer',
      rating: 5,
      type: 'The driver kit is excellent.',
      image: '/images/avatars/1.svg',
    }),
  },
  'POST /api/contact': {
    expect: everyone(200),
    call: fixed('/api/contact', {
      email: 'writer@example.com',
      subject: 'A question',
      message: 'Do you ship to Canada as well?',
    }),
  },
  'POST /api/newsletter': {
    expect: everyone(200),
    call: fixed('/api/newsletter', { email: 'reader@example.com' }),
  },
  'GET /api/admin/:email': {
    expect: [401, 200, 403, 200],
    call: async (_live, cast) => ({ path: `/api/admin/${cast.customer.email}` }),
  },
  'PUT /api/user/:email': {
    expect: [401, 200, 403, 403],
    call: async (_live, cast) => ({ path: `/api/user/${cast.customer.email}` }),
  },
  'POST /api/purchase': {
    expect: signedIn(200),
    call: async (live) => ({
      path: '/api/purchase',
      body: { partId: await part(live), quantity: 1, ...ORDER_FIELDS },
    }),
  },
  'GET /api/orders': {
    expect: [401, 200, 403, 403],
    call: async (_live, cast) => ({ path: `/api/orders?userEmail=${cast.customer.email}` }),
  },
  'GET /api/purchase/:id': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({ path: `/api/purchase/${await live.order(cast.customer)}` }),
  },
  'DELETE /api/orders/:id': {
    expect: [401, 200, 404, 200],
    call: async (live, cast) => ({ path: `/api/orders/${await live.order(cast.customer)}` }),
  },
  // A visitor's cart lives in the browser; the server's is empty for them.
  'GET /api/cart': { expect: everyone(200), call: fixed('/api/cart') },
  'PUT /api/cart/lines/:partId': {
    expect: signedIn(200),
    call: async (live) => ({ path: `/api/cart/lines/${await part(live)}`, body: { quantity: 1 } }),
  },
  'DELETE /api/cart/lines/:partId': {
    expect: signedIn(200),
    call: async (live) => ({ path: `/api/cart/lines/${await part(live)}` }),
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
      return { path: '/api/checkout', body: ORDER_FIELDS };
    },
  },
  'POST /api/quotes': {
    expect: signedIn(200),
    call: async (live) => ({
      path: '/api/quotes',
      body: { lines: [{ partId: await part(live), quantity: 1 }], message: 'A price, please' },
    }),
  },
  'GET /api/quotes': { expect: signedIn(200), call: fixed('/api/quotes') },
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
      body: ORDER_FIELDS,
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
  // On an order refunded already: the admin's call answers without asking the provider again.
  'POST /api/orders/:id/refund': {
    expect: adminOnly,
    call: async (live, cast) => ({
      path: `/api/orders/${await settledOrder(live, cast, true)}/refund`,
      body: { reason: 'Arrived damaged' },
    }),
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
  'POST /api/upload': {
    expect: signedIn(200),
    call: async () => ({ path: '/api/upload', body: await image() }),
  },
  'GET /api/userProfile/:email': {
    expect: [401, 200, 403, 200],
    call: async (_live, cast) => ({ path: `/api/userProfile/${cast.customer.email}` }),
  },
  'PUT /api/createProfile/:email': {
    expect: [401, 200, 403, 403],
    call: async (_live, cast) => ({
      path: `/api/createProfile/${cast.customer.email}`,
      body: {
        edu: 'Springfield College',
        location: 'Springfield',
        number: '+1 217 555 0100',
        linkdin: 'https://www.linkedin.com/in/someone',
        addiInfo: 'Builds PCs on weekends.',
      },
    }),
  },
  'POST /api/categories': {
    expect: adminOnly,
    // A new slug each time: the same one twice is a 409.
    call: async () => {
      const slug = `cat-${randomUUID().slice(0, 8)}`;
      return {
        path: '/api/categories',
        body: { slug, name: slug, attributes: [{ key: 'size', label: 'Size', type: 'number' }] },
      };
    },
  },
  'POST /api/addParts': {
    expect: adminOnly,
    call: fixed('/api/addParts', {
      name: 'Cable Tester',
      description: 'Tests every pin of a cable.',
      image: '/images/parts/tool-driver-kit.svg',
      price: 24.5,
      availableQuantity: 40,
      minOrderQuantity: 1,
    }),
  },
  'GET /api/parts/export.csv': { expect: adminOnly, call: fixed('/api/parts/export.csv') },
  'POST /api/parts/import': {
    expect: adminOnly,
    call: async () => ({
      path: '/api/parts/import',
      contentType: 'text/csv',
      body: [
        'name,description,image,price,availableQuantity,minOrderQuantity,category,attr.kind,attr.esdSafe',
        'Cable Tester,"Tests every pin, of every cable.",/images/parts/tool-driver-kit.svg,24.50,40,1,workshop-tools,Cable management,false',
      ].join('\r\n'),
    }),
  },
  'PATCH /api/tools/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/tools/${await part(live)}`,
      body: { availableQuantity: 7 },
    }),
  },
  'DELETE /api/tools/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/tools/${await part(live)}` }),
  },
  'GET /api/users': { expect: adminOnly, call: fixed('/api/users?limit=5') },
  'PUT /api/users/admin/:email': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/users/admin/${(await throwaway(live)).email}` }),
  },
  'DELETE /api/user/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/user/${(await throwaway(live)).id}` }),
  },
  'GET /api/allPurchases': { expect: adminOnly, call: fixed('/api/allPurchases?limit=5') },
  'GET /api/allPurchases.csv': {
    expect: adminOnly,
    call: fixed('/api/allPurchases.csv?from=2026-01-01&to=2026-12-31'),
  },
  'GET /api/admin/sales': { expect: adminOnly, call: fixed('/api/admin/sales?days=30') },
  'PUT /api/changeStatus/:id': {
    expect: adminOnly,
    call: async (live, cast) => {
      const id = await live.order(cast.customer);
      await live.database.db
        .update(orders)
        .set({ paid: true, paidAt: new Date(), transactionId: `pi_test_${randomUUID()}` })
        .where(eq(orders.id, id));
      return { path: `/api/changeStatus/${id}` };
    },
  },
  'GET /api/audit-log': { expect: adminOnly, call: fixed('/api/audit-log?limit=5') },
  'GET /api/docs': { expect: everyone(200), call: fixed('/api/docs') },
  // Swagger UI's own redirect to /api/docs/.
  'GET /api/docs/static/index.html': {
    expect: everyone(302),
    call: fixed('/api/docs/static/index.html'),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: everyone(200),
    call: fixed('/api/docs/static/swagger-initializer.js'),
  },
  'GET /api/docs/json': { expect: everyone(200), call: fixed('/api/docs/json') },
  'GET /api/docs/yaml': { expect: everyone(200), call: fixed('/api/docs/yaml') },
  'GET /api/docs/static/*': {
    expect: everyone(200),
    call: fixed('/api/docs/static/swagger-ui.css'),
  },
  'GET /api/newsletter/confirm': {
    expect: everyone(303),
    call: async (live) => ({ path: newsletterLink(live, 'confirm') }),
  },
  'GET /api/newsletter/unsubscribe': {
    expect: everyone(303),
    call: async (live) => ({ path: newsletterLink(live, 'unsubscribe') }),
  },
  'POST /api/newsletter/unsubscribe': {
    expect: everyone(200),
    call: async (live) => ({ path: newsletterLink(live, 'unsubscribe'), body: {} }),
  },
  'GET /api/allReviews': { expect: adminOnly, call: fixed('/api/allReviews') },
  'PATCH /api/reviews/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/reviews/${await review(live)}`, body: { hidden: true } }),
  },
  'DELETE /api/reviews/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/reviews/${await review(live)}` }),
  },
};

/** A Better Auth endpoint's row: as a RouteSpec, and whether the call ends the caller's session. */
export interface AuthRouteSpec extends RouteSpec {
  /** The call signs out or revokes: it runs on a fresh session of the caller, not the cast's. */
  endsSession?: boolean;
}

const unique = (label: string) => `${label}-${randomUUID()}@example.com`;
const RESET_BODY = { newPassword: 'a new long password', token: 'not-a-real-token' };

/**
 * Every endpoint Better Auth mounts under /api/auth (by its own path and method), with what
 * each caller must get. The access matrix fails on an endpoint without a row here, so a Better
 * Auth upgrade or a new plugin that adds one needs its row.
 */
export const AUTH_ROUTES: Record<string, AuthRouteSpec> = {
  'GET /ok': { expect: everyone(200), call: fixed('/api/auth/ok') },
  'GET /error': { expect: everyone(200), call: fixed('/api/auth/error') },
  'GET /get-session': { expect: everyone(200), call: fixed('/api/auth/get-session') },
  // Better Auth answers POST only with deferSessionRefresh, which the shop leaves off.
  'POST /get-session': { expect: everyone(405), call: fixed('/api/auth/get-session', {}) },
  'GET /list-sessions': { expect: signedIn(200), call: fixed('/api/auth/list-sessions') },
  'GET /list-accounts': { expect: signedIn(200), call: fixed('/api/auth/list-accounts') },
  'GET /account-info': {
    expect: signedIn(400),
    call: fixed('/api/auth/account-info?accountId=not-an-account'),
  },
  'GET /verify-email': {
    expect: everyone(401),
    call: fixed('/api/auth/verify-email?token=forged.jwt.value'),
  },
  'GET /reset-password/:token': {
    expect: everyone(302),
    call: fixed('/api/auth/reset-password/forged-token?callbackURL=%2Freset-password'),
  },
  'GET /delete-user/callback': {
    expect: everyone(404),
    call: fixed('/api/auth/delete-user/callback?token=forged'),
  },
  'GET /callback/:id': { expect: everyone(302), call: fixed('/api/auth/callback/github') },
  'POST /callback/:id': { expect: everyone(302), call: fixed('/api/auth/callback/github', {}) },
  'POST /sign-up/email': {
    expect: everyone(200),
    call: async (_live, _cast, role) => ({
      path: '/api/auth/sign-up/email',
      body: { name: 'New Account', email: unique(`matrix-${role}`), password: PASSWORD },
    }),
  },
  'POST /sign-in/email': {
    expect: everyone(401),
    call: async (_live, _cast, role) => ({
      path: '/api/auth/sign-in/email',
      body: { email: unique(`nobody-${role}`), password: 'not the password' },
    }),
  },
  'POST /sign-in/social': {
    expect: everyone(404),
    call: fixed('/api/auth/sign-in/social', { provider: 'github', callbackURL: '/' }),
  },
  'POST /sign-out': {
    expect: everyone(200),
    endsSession: true,
    call: fixed('/api/auth/sign-out', {}),
  },
  'POST /request-password-reset': {
    expect: everyone(200),
    call: fixed('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    }),
  },
  'POST /reset-password': {
    expect: everyone(400),
    call: fixed('/api/auth/reset-password', RESET_BODY),
  },
  'POST /send-verification-email': {
    expect: [200, 400, 400, 400],
    call: async (_live, cast, role) => ({
      path: '/api/auth/send-verification-email',
      body: { email: role === 'anonymous' ? 'nobody@example.com' : cast[role].email },
    }),
  },
  'POST /update-user': {
    expect: signedIn(200),
    call: fixed('/api/auth/update-user', { name: 'Renamed User' }),
  },
  // The session has no field a caller may change: past the session check, "No fields to update".
  'POST /update-session': { expect: signedIn(400), call: fixed('/api/auth/update-session', {}) },
  'POST /change-password': {
    expect: signedIn(400),
    call: fixed('/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'a new long password',
    }),
  },
  'POST /verify-password': {
    expect: signedIn(400),
    call: fixed('/api/auth/verify-password', { password: 'not the password' }),
  },
  'POST /change-email': {
    expect: signedIn(400),
    call: fixed('/api/auth/change-email', { newEmail: 'taken-over@example.com' }),
  },
  'POST /delete-user': { expect: signedIn(404), call: fixed('/api/auth/delete-user', {}) },
  'POST /revoke-session': {
    expect: signedIn(200),
    call: fixed('/api/auth/revoke-session', { token: 'not-a-session-token' }),
  },
  'POST /revoke-sessions': {
    expect: signedIn(200),
    endsSession: true,
    call: fixed('/api/auth/revoke-sessions', {}),
  },
  'POST /revoke-other-sessions': {
    expect: signedIn(200),
    endsSession: true,
    call: fixed('/api/auth/revoke-other-sessions', {}),
  },
  'POST /link-social': {
    expect: signedIn(404),
    call: fixed('/api/auth/link-social', { provider: 'github', callbackURL: '/' }),
  },
  'POST /unlink-account': {
    expect: signedIn(400),
    call: fixed('/api/auth/unlink-account', { accountId: 'not-an-account' }),
  },
  // With the customer's user id: nobody else gets (or refreshes) their provider tokens.
  'POST /get-access-token': {
    expect: signedIn(400),
    call: async (_live, cast) => ({
      path: '/api/auth/get-access-token',
      body: { accountId: 'not-an-account', userId: cast.customer.id },
    }),
  },
  'POST /refresh-token': {
    expect: signedIn(400),
    call: async (_live, cast) => ({
      path: '/api/auth/refresh-token',
      body: { accountId: 'not-an-account', userId: cast.customer.id },
    }),
  },
};
