import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Role, type UserSummary } from '@partsmith/contract';
import type { ADMIN_USER_SORTS, AdminPage, AdminUsersQuery } from '@partsmith/contract/admin-lists';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { users, type UserRow } from '../../db/schema/auth.ts';

type Query = z.output<typeof AdminUsersQuery>;

const seq = { expr: users.seq, kind: 'int' } as const;
const created = { expr: users.createdAt, kind: 'time' } as const;

/**
 * The users table's sorts: by time on users_created_seq_idx, by e-mail on its unique index (an
 * e-mail is its own tiebreaker), by name with the seq after it.
 */
export const ADMIN_USER_SORT: Record<(typeof ADMIN_USER_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, seq], descending: true },
  oldest: { name: 'oldest', keys: [created, seq], descending: false },
  email: { name: 'email', keys: [{ expr: users.email, kind: 'text' }], descending: false },
  name: { name: 'name', keys: [{ expr: users.name, kind: 'text' }, seq], descending: false },
};

/** The accounts a query finds: every word of `q` in the e-mail or the name; the role. */
export function adminUsersFilter(q: Query): SQL | undefined {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(sql`(${users.email} ilike ${pattern} or ${users.name} ilike ${pattern})`);
  }
  if (q.role) where.push(eq(users.role, q.role));
  return where.length > 0 ? and(...where) : undefined;
}

/** An account as the admins' lists show it (as GET /api/users does). */
export const toUserSummary = (u: UserRow): UserSummary => ({
  _id: u.id,
  email: u.email,
  name: u.name,
  role: Role.safeParse(u.role).data ?? 'customer',
  createdAt: u.createdAt.toISOString(),
});

/** A page of the admins' users table, and how many accounts the query finds. */
export async function listAdminUsers(db: DbOrTx, q: Query): Promise<AdminPage<UserSummary>> {
  const keyset = keysetPage(ADMIN_USER_SORT[q.sort], q.cursor, q.limit);
  const filter = adminUsersFilter(q);
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, keysetKeys: keyset.keys })
      .from(users)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.$count(users, filter),
  ]);
  const page = keyset.page(rows);
  return { items: page.rows.map((r) => toUserSummary(r.user)), nextCursor: page.nextCursor, total };
}
