import sharp from 'sharp';
import { loadAuthSecret } from '../../src/auth/secret.ts';
import { createNewsletterLinks } from '../../src/modules/contact/service.ts';
import type { LiveApp } from './live.ts';
import { everyone, fixed, part, signedIn, type RouteSpec } from './routes-common.ts';

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
};
