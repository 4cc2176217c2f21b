import sharp from 'sharp';
import { loadAuthSecret } from '../../src/auth/secret.ts';
import { createNewsletterLinks } from '../../src/modules/contact/service.ts';
import { addresses, stockAlerts } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { tokenHash } from '../../src/modules/stock-alerts/service.ts';
import type { LiveApp } from './live.ts';
import {
  everyone,
  fixed,
  part,
  signedIn,
  type Cast,
  type Role,
  type RouteSpec,
} from './routes-common.ts';

/** A newsletter link as the shop mails it (path and query only). */
function newsletterLink(live: LiveApp, kind: 'confirm' | 'unsubscribe') {
  const secret = loadAuthSecret(live.config.authSecret, live.config.dataDir);
  const links = createNewsletterLinks(secret, '');
  return kind === 'confirm'
    ? links.confirmUrl('reader@example.com')
    : links.unsubscribeUrl('reader@example.com');
}

/**
 * A stock alert on a new out-of-stock part: the caller's own (confirmed), or, for a visitor, one
 * whose mailed link carries `token`. Its part's id.
 */
async function stockAlert(live: LiveApp, cast: Cast, role: Role, token: string) {
  const { id } = await insertPart(live.database.db, { availableQuantity: 0 });
  const caller = role === 'anonymous' ? null : cast[role];
  await live.database.db.insert(stockAlerts).values({
    partId: id,
    email: caller?.email ?? 'watcher@example.com',
    userId: caller?.id ?? null,
    tokenHash: caller ? null : tokenHash(token),
    confirmedAt: caller ? new Date() : null,
    notifiedAt: caller ? null : new Date(),
  });
  return id;
}

/** An address as the address book takes it (a valid US one). */
const ADDRESS_BODY = {
  name: 'Customer Name',
  line1: '100 Congress Avenue',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1 512 555 0147',
};

/** A new address in the customer's address book: its id. */
async function customerAddress(live: LiveApp, cast: Cast) {
  const [row] = await live.database.db
    .insert(addresses)
    .values({ ...ADDRESS_BODY, phone: '+15125550147', userId: cast.customer.id })
    .returning({ id: addresses.id });
  return row!.id;
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

/** The shop's public face, its documents and the customer's own account: their rows of ROUTES. */
export const SHOP_ROUTES: Record<string, RouteSpec> = {
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
  'GET /api/parts/compare': {
    expect: everyone(200),
    call: async (live) => ({
      path: `/api/parts/compare?ids=${await part(live)},${await part(live)}`,
    }),
  },
  'GET /api/parts/suggest': { expect: everyone(200), call: fixed('/api/parts/suggest?q=forge') },
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
  // The address book is the account's own: another account's address answers 404.
  'GET /api/countries': { expect: everyone(200), call: fixed('/api/countries') },
  'GET /api/addresses': { expect: signedIn(200), call: fixed('/api/addresses') },
  // The cast belongs to no company: only a company's owner and admins set its limits.
  'GET /api/company': { expect: signedIn(200), call: fixed('/api/company') },
  'PUT /api/company/spending-limits': {
    expect: [401, 403, 403, 403],
    call: fixed('/api/company/spending-limits', { spendingLimit: 100 }),
  },
  'POST /api/addresses': { expect: signedIn(201), call: fixed('/api/addresses', ADDRESS_BODY) },
  'PUT /api/addresses/:id': {
    expect: [401, 200, 404, 404],
    call: async (live, cast) => ({
      path: `/api/addresses/${await customerAddress(live, cast)}`,
      body: ADDRESS_BODY,
    }),
  },
  'DELETE /api/addresses/:id': {
    expect: [401, 204, 404, 404],
    call: async (live, cast) => ({ path: `/api/addresses/${await customerAddress(live, cast)}` }),
  },
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
  // A visitor names an address; a signed-in customer asks for their own.
  'POST /api/parts/:id/stock-alerts': {
    expect: everyone(201),
    call: async (live, _cast, role) => ({
      path: `/api/parts/${(await insertPart(live.database.db, { availableQuantity: 0 })).id}/stock-alerts`,
      body: role === 'anonymous' ? { email: 'watcher@example.com' } : {},
    }),
  },
  // A visitor with the mailed token; a signed-in customer their own alert.
  'DELETE /api/parts/:id/stock-alerts': {
    expect: everyone(204),
    call: async (live, cast, role) => {
      const id = await stockAlert(live, cast, role, 'cancel-token-of-the-matrix');
      const query = role === 'anonymous' ? '?token=cancel-token-of-the-matrix' : '';
      return { path: `/api/parts/${id}/stock-alerts${query}` };
    },
  },
  'GET /api/stock-alerts/confirm': {
    expect: everyone(303),
    call: async (live, cast) => {
      const token = `confirm-${Math.random().toString(36).slice(2)}`;
      const id = await stockAlert(live, cast, 'anonymous', token);
      return { path: `/api/stock-alerts/confirm?part=${id}&token=${token}` };
    },
  },
};
