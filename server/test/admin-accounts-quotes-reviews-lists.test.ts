import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminQuotesPage, AdminReviewsPage, AdminUsersPage } from '@partsmith/contract/admin-lists';
import { quotes, reviews, users } from '../src/db/schema/index.ts';
import { DB_KINDS } from './helpers.ts';
import {
  adminListsSuite,
  seedQuotes,
  seedReviews,
  seedUsers,
  type Item,
} from './admin-lists-helpers.ts';

// The admins' tables of accounts, quotes and reviews (one shop for the three: each is small).
// Accounts: every account once, in the order of each sort; the search by e-mail or name and the
// filter by role. Quotes: every quote once with its lines, newest or oldest first; the filter by
// where a quote stands and the search. Reviews: every review once, in the order of each sort; the
// filter hidden or shown and the search.
describe.each(DB_KINDS)('the admin tables on %s', (kind) => {
  const { shop, rowsOf, idsOf, get, walk, ids } = adminListsSuite(kind);

  describe('GET /api/admin/users', () => {
    beforeAll(() => seedUsers(shop()));

    const USERS = sql`select id from ${users} where true`;

    it('gives every account once, in the order of each sort', async () => {
      const sorts: Record<string, SQL> = {
        newest: sql`${USERS} order by created_at desc, seq desc`,
        oldest: sql`${USERS} order by created_at, seq`,
        email: sql`${USERS} order by email`,
        name: sql`${USERS} order by name, seq`,
      };
      const count = (await idsOf(USERS)).length;
      expect(count).toBe(12);
      for (const [sort, expected] of Object.entries(sorts)) {
        const { items, total } = await walk<Item>('/api/admin/users', AdminUsersPage, { sort }, 2);
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(count);
      }
    });

    it('finds by e-mail or name, and filters by role', async () => {
      const admins = await walk<Item & { email: string }>('/api/admin/users', AdminUsersPage, {
        role: 'admin',
      });
      expect(admins.items.map((u) => u.email).sort()).toEqual([
        'owner@example.com',
        'person4@shop.example',
      ]);
      const zeds = await walk<Item>('/api/admin/users', AdminUsersPage, { q: 'zed name' }, 2);
      expect(zeds.total).toBe(3);
      const one = await walk<Item>('/api/admin/users', AdminUsersPage, { q: 'PERSON7@' });
      expect(one.total).toBe(1);
      const customers = await walk<Item>('/api/admin/users', AdminUsersPage, {
        q: 'shop.example',
        role: 'customer',
      });
      expect(customers.total).toBe(8);
      expect((await get('/api/admin/users?role=owner')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/quotes', () => {
    beforeAll(() => seedQuotes(shop()));

    it('gives every quote once, newest or oldest first, with its lines', async () => {
      for (const [sort, order] of [
        ['newest', sql`order by created_at desc, seq desc`],
        ['oldest', sql`order by created_at, seq`],
      ] as const) {
        const { items, total } = await walk<Item & { lines: unknown[] }>(
          '/api/admin/quotes',
          AdminQuotesPage,
          { sort },
        );
        expect(ids(items)).toEqual(await idsOf(sql`select id from ${quotes} ${order}`));
        expect(total).toBe(10);
        expect(items.every((q) => q.lines.length === 1)).toBe(true);
      }
    });

    it('filters by where a quote stands, and finds its number, buyer or part', async () => {
      const byState: Record<string, number> = {};
      for (const state of ['requested', 'answered', 'accepted', 'expired']) {
        const { items, total } = await walk<Item & { status: string }>(
          '/api/admin/quotes',
          AdminQuotesPage,
          { state },
        );
        expect(items.every((q) => q.status === state)).toBe(true);
        byState[state] = total;
      }
      expect(byState).toEqual({ requested: 3, answered: 3, accepted: 1, expired: 3 });
      const [first] = await rowsOf(sql`select id, seq from ${quotes} order by seq limit 1`);
      const number = `Q-${String(first!.seq).padStart(6, '0')}`;
      const found = await walk<Item & { number: string }>('/api/admin/quotes', AdminQuotesPage, {
        q: number,
      });
      expect(found.items.map((q) => q.number)).toEqual([number]);
      expect((await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'quinn' })).total).toBe(
        5,
      );
      expect((await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'copper' })).total).toBe(
        3,
      );
      expect(
        (await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'asker', state: 'requested' }))
          .total,
      ).toBe(
        (
          await idsOf(
            sql`select id from ${quotes} where user_name like 'Asker%' and answered_at is null and order_id is null`,
          )
        ).length,
      );
    });
  });

  describe('GET /api/admin/reviews', () => {
    beforeAll(() => seedReviews(shop()));

    it('gives every review once, in the order of each sort', async () => {
      const R = sql`select id from ${reviews}`;
      const sorts: Record<string, SQL> = {
        newest: sql`${R} order by created_at desc, id desc`,
        oldest: sql`${R} order by created_at, id`,
        'rating-desc': sql`${R} order by rating desc, created_at desc, id desc`,
        'rating-asc': sql`${R} order by rating, created_at, id`,
      };
      for (const [sort, expected] of Object.entries(sorts)) {
        const { items, total } = await walk<Item>('/api/admin/reviews', AdminReviewsPage, { sort });
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(11);
      }
      const { items } = await walk<Item & { authorEmail: string | null }>(
        '/api/admin/reviews',
        AdminReviewsPage,
      );
      expect(items.filter((r) => r.authorEmail).map((r) => r.authorEmail)).toEqual([
        'cara@example.com',
      ]);
    });

    it('filters hidden or shown, and finds the name or the words', async () => {
      const hidden = await walk<Item & { hidden: boolean }>(
        '/api/admin/reviews',
        AdminReviewsPage,
        {
          hidden: 'true',
        },
      );
      expect(hidden.total).toBe(3);
      expect(hidden.items.every((r) => r.hidden)).toBe(true);
      const shown = await walk<Item>('/api/admin/reviews', AdminReviewsPage, { hidden: 'false' });
      expect(shown.total).toBe(8);
      expect((await walk<Item>('/api/admin/reviews', AdminReviewsPage, { q: 'rita' })).total).toBe(
        5,
      );
      expect(
        (
          await walk<Item>('/api/admin/reviews', AdminReviewsPage, {
            q: 'anvil rings',
            hidden: '1',
          })
        ).total,
      ).toBe(
        (
          await idsOf(
            sql`select id from ${reviews} where type like '%anvil%' and hidden_at is not null`,
          )
        ).length,
      );
      expect((await get('/api/admin/reviews?hidden=maybe')).statusCode).toBe(400);
    });
  });
});
