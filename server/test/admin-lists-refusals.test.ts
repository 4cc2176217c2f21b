import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers.ts';
import {
  adminListsSuite,
  seedOrders,
  seedParts,
  seedQuotes,
  seedReviews,
  seedUsers,
} from './admin-lists-helpers.ts';

// What every admin table refuses: a careless search, filter or sort (a page or a 400, never a
// 5xx), and any caller but an admin.
describe.each(DB_KINDS)('the admin tables on %s', (kind) => {
  const { shop, get } = adminListsSuite(kind);

  // Every table with the rows of its own suite, so that a search that finds them all shows.
  beforeAll(async () => {
    for (const seed of [seedParts, seedOrders, seedUsers, seedQuotes, seedReviews])
      await seed(shop());
  });

  it('answers a careless search or filter with a page or a 400, never a 5xx', async () => {
    const texts = ['\u0000', "' OR 1=1 --", '%_\\', 'x'.repeat(100), 'x'.repeat(101), '🦀 ß', ' '];
    for (const path of ['parts', 'orders', 'users', 'quotes', 'reviews']) {
      for (const q of texts) {
        const res = await get(`/api/admin/${path}?q=${encodeURIComponent(q)}`);
        expect([200, 400], `${path} ${JSON.stringify(q)}`).toContain(res.statusCode);
        if (q === "' OR 1=1 --") expect(res.json().items).toEqual([]);
      }
      expect((await get(`/api/admin/${path}?sort=random`)).statusCode).toBe(400);
    }
  });

  it('answers only admins: 403 for a customer, 401 for anyone else', async () => {
    const { t, customer } = shop();
    for (const path of ['parts', 'orders', 'users', 'quotes', 'reviews']) {
      expect((await get(`/api/admin/${path}`, customer.cookie)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/${path}` })).statusCode).toBe(
        401,
      );
      expect((await get(`/api/admin/${path}`)).statusCode).toBe(200);
    }
  });
});
