import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  categories,
  contactMessages,
  orders,
  searchSynonyms,
  shippingMethods,
  shippingZones,
  taxExemptions,
  taxRates,
  users,
} from '../../src/db/schema/index.ts';
import { insertReviews } from '../../src/db/seed/factories.ts';
import type { LiveApp } from './live.ts';
import { adminOnly, fixed, part, type RouteSpec } from './routes-common.ts';

async function throwaway(live: LiveApp) {
  const [row] = await live.database.db
    .insert(users)
    .values({ name: 'Throwaway', email: `throwaway-${randomUUID()}@example.com` })
    .returning();
  return row!;
}

/** A new category without parts: its short name. */
async function category(live: LiveApp) {
  const slug = `cat-${randomUUID().slice(0, 8)}`;
  await live.database.db.insert(categories).values({ slug, name: slug });
  return slug;
}

const review = async (live: LiveApp) => (await insertReviews(live.database.db, [{}]))[0]!.id;

/** A new contact message: its id. */
async function message(live: LiveApp) {
  const [row] = await live.database.db
    .insert(contactMessages)
    .values({ email: 'asker@example.com', subject: 'Bulk fans', message: 'Do you sell 500 fans?' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** A new shipping zone (New Zealand: no other fixture ships there), with one method. */
async function zone(live: LiveApp) {
  const [row] = await live.database.db
    .insert(shippingZones)
    .values({ name: `Zone ${randomUUID().slice(0, 8)}`, countries: ['NZ'], position: 50 })
    .returning();
  return row!.id;
}
async function shippingMethod(live: LiveApp) {
  const [row] = await live.database.db
    .insert(shippingMethods)
    .values({ zoneId: await zone(live), name: 'Courier', priceCents: 1500, minDays: 2, maxDays: 4 })
    .returning();
  return row!.id;
}
const SHIPPING_ZONE = { name: 'Oceania', countries: ['NZ'], regions: ['AU-TAS'] };
const SHIPPING_METHOD = { name: 'Courier', kind: 'flat', price: 15, minDays: 2, maxDays: 4 };
const TAX_RATE = { country: 'CA', region: 'ON', name: 'Ontario HST', rate: 13 };

/** A new tax rate for Ontario, the one there was removed first (a place has one rate). */
async function ontarioRate(live: LiveApp) {
  const { db } = live.database;
  await db.delete(taxRates).where(and(eq(taxRates.country, 'CA'), eq(taxRates.region, 'ON')));
  const [row] = await db
    .insert(taxRates)
    .values({ ...TAX_RATE, rate: String(TAX_RATE.rate) })
    .returning();
  return row!.id;
}

/** A throwaway account with a tax exemption: its e-mail. */
async function exempt(live: LiveApp) {
  const user = await throwaway(live);
  await live.database.db
    .insert(taxExemptions)
    .values({ userId: user.id, certificate: 'TX-RESALE-1', recordedBy: 'admin@example.com' });
  return user.email;
}

/** An id of no company and no price list. */
const NO_COMPANY = '00000000-0000-4000-8000-000000000000';

/** The admin's tools: the catalogue, users, orders, figures, the audit log and reviews. */
export const ADMIN_ROUTES: Record<string, RouteSpec> = {
  // Companies (issue 49): an id of no company, so the admin's answer is 404.
  // An invoice number no order has: the admin's answer is 404.
  'POST /api/admin/invoices/:number/payments': {
    expect: [401, 403, 403, 404],
    call: fixed('/api/admin/invoices/PS-1999-000001/payments', {
      amount: 1,
      paidAt: '2026-01-02',
      reference: 'Matrix',
    }),
  },
  'GET /api/admin/companies': { expect: adminOnly, call: fixed('/api/admin/companies') },
  'GET /api/admin/companies/:id': {
    expect: [401, 403, 403, 404],
    call: fixed(`/api/admin/companies/${NO_COMPANY}`),
  },
  'PUT /api/admin/companies/:id': {
    expect: [401, 403, 403, 404],
    call: fixed(`/api/admin/companies/${NO_COMPANY}`, { poRequired: false }),
  },
  // Price lists (issue 49): an id of no list, so the admin's answer is 404.
  'GET /api/admin/price-lists': { expect: adminOnly, call: fixed('/api/admin/price-lists') },
  'POST /api/admin/price-lists': {
    expect: [401, 403, 403, 201],
    call: fixed('/api/admin/price-lists', { name: 'Matrix list' }),
  },
  'PUT /api/admin/price-lists/:id': {
    expect: [401, 403, 403, 404],
    call: fixed(`/api/admin/price-lists/${NO_COMPANY}`, { name: 'Matrix list' }),
  },
  'DELETE /api/admin/price-lists/:id': {
    expect: [401, 403, 403, 404],
    call: fixed(`/api/admin/price-lists/${NO_COMPANY}`),
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
  'PUT /api/categories/:slug': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/categories/${await category(live)}`,
      body: { name: `Renamed ${randomUUID().slice(0, 8)}` },
    }),
  },
  'DELETE /api/categories/:slug': {
    expect: adminOnly,
    // A new, empty category each time: a deleted one is a 404.
    call: async (live) => ({ path: `/api/categories/${await category(live)}` }),
  },
  'GET /api/parts/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/parts/${await part(live)}` }),
  },
  'PUT /api/parts/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/parts/${await part(live)}`,
      body: { name: 'Cable Tester Pro', listed: true },
    }),
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
  'GET /api/search-synonyms': { expect: adminOnly, call: fixed('/api/search-synonyms') },
  'PUT /api/search-synonyms/:term': {
    expect: adminOnly,
    call: fixed('/api/search-synonyms/heat-goo', { expansion: 'thermal compound' }),
  },
  'DELETE /api/search-synonyms/:term': {
    expect: adminOnly,
    // A new word each time: a deleted one is a 404.
    call: async (live) => {
      const term = `word-${randomUUID().slice(0, 8)}`;
      await live.database.db.insert(searchSynonyms).values({ term, expansion: 'thermal compound' });
      return { path: `/api/search-synonyms/${term}` };
    },
  },
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
  // The admins' tables (issue 48) and Manage Products' bulk actions.
  'GET /api/admin/parts': { expect: adminOnly, call: fixed('/api/admin/parts?limit=5') },
  'POST /api/admin/parts/bulk': {
    expect: adminOnly,
    call: async (live) => ({
      path: '/api/admin/parts/bulk',
      body: { ids: [await part(live)], action: { kind: 'set-stock', quantity: 900 } },
    }),
  },
  'GET /api/admin/orders': { expect: adminOnly, call: fixed('/api/admin/orders?limit=5') },
  'GET /api/admin/users': { expect: adminOnly, call: fixed('/api/admin/users?limit=5') },
  'GET /api/admin/quotes': { expect: adminOnly, call: fixed('/api/admin/quotes?limit=5') },
  'GET /api/admin/reviews': { expect: adminOnly, call: fixed('/api/admin/reviews?limit=5') },
  'GET /api/admin/messages': { expect: adminOnly, call: fixed('/api/admin/messages?limit=5') },
  'DELETE /api/admin/messages/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/admin/messages/${await message(live)}` }),
  },
  'PATCH /api/admin/messages/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/admin/messages/${await message(live)}`,
      body: { handled: true },
    }),
  },
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
  'GET /api/admin/waiting': { expect: adminOnly, call: fixed('/api/admin/waiting') },
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
  'GET /api/allReviews': { expect: adminOnly, call: fixed('/api/allReviews') },
  'PATCH /api/reviews/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/reviews/${await review(live)}`, body: { hidden: true } }),
  },
  'DELETE /api/reviews/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/reviews/${await review(live)}` }),
  },
  'GET /api/shipping-zones': { expect: adminOnly, call: fixed('/api/shipping-zones') },
  'POST /api/shipping-zones': {
    expect: adminOnly,
    call: fixed('/api/shipping-zones', SHIPPING_ZONE),
  },
  'PUT /api/shipping-zones/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/shipping-zones/${await zone(live)}`,
      body: SHIPPING_ZONE,
    }),
  },
  'DELETE /api/shipping-zones/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/shipping-zones/${await zone(live)}` }),
  },
  'POST /api/shipping-zones/:id/methods': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/shipping-zones/${await zone(live)}/methods`,
      body: SHIPPING_METHOD,
    }),
  },
  'PUT /api/shipping-methods/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/shipping-methods/${await shippingMethod(live)}`,
      body: SHIPPING_METHOD,
    }),
  },
  'DELETE /api/shipping-methods/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/shipping-methods/${await shippingMethod(live)}` }),
  },
  'GET /api/tax-rates': { expect: adminOnly, call: fixed('/api/tax-rates') },
  'POST /api/tax-rates': {
    expect: adminOnly,
    // Fresh each time: a place that has a rate already is a 409.
    call: async (live) => {
      const { db } = live.database;
      await db.delete(taxRates).where(and(eq(taxRates.country, 'CA'), eq(taxRates.region, 'ON')));
      return { path: '/api/tax-rates', body: TAX_RATE };
    },
  },
  'PUT /api/tax-rates/:id': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/tax-rates/${await ontarioRate(live)}`,
      body: { ...TAX_RATE, rate: 13.5 },
    }),
  },
  'DELETE /api/tax-rates/:id': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/tax-rates/${await ontarioRate(live)}` }),
  },
  'GET /api/users/:email/tax-exemption': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/users/${await exempt(live)}/tax-exemption` }),
  },
  'PUT /api/users/:email/tax-exemption': {
    expect: adminOnly,
    call: async (live) => ({
      path: `/api/users/${(await throwaway(live)).email}/tax-exemption`,
      body: { certificate: 'TX-RESALE-2', note: 'Resale certificate on file' },
    }),
  },
  'DELETE /api/users/:email/tax-exemption': {
    expect: adminOnly,
    call: async (live) => ({ path: `/api/users/${await exempt(live)}/tax-exemption` }),
  },
};
