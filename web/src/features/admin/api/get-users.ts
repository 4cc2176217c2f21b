import type { UserSummary } from '@partsmith/contract';
import { AdminUsersPage } from '@partsmith/contract/admin-lists';
import { usersRoot } from '../../../lib/query-keys.ts';
import { useServerList, type ServerList } from '../../../lib/get-list-page.ts';

export const usersQueryKey = [usersRoot] as const;

/** GET /api/admin/users?q=&role=&sort=&cursor=&limit=: a page of the accounts (admins only). */
export const users: ServerList<UserSummary> = {
  key: [...usersQueryKey, 'admin'],
  path: '/admin/users',
  schema: AdminUsersPage,
};

export function useUsers(list: { request: Record<string, string>; filtered: boolean }) {
  return useServerList(users, list);
}
