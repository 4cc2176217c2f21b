import { AdminPartsPage, type AdminPartRow } from '@partsmith/contract/admin-lists';
import { partsRoot } from '../../../lib/query-keys.ts';
import { useServerList, type ServerList } from '../../../lib/get-list-page.ts';

/** Under the parts root with the home page's list: invalidating the root refreshes both. */
export const adminPartsQueryKey = [partsRoot, 'admin'] as const;

/**
 * GET /api/admin/parts?q=&category=&stock=&listed=&sort=&cursor=&limit=: a page of Manage
 * Products, unlisted parts too (admins only).
 */
export const adminParts: ServerList<AdminPartRow> = {
  key: adminPartsQueryKey,
  path: '/admin/parts',
  schema: AdminPartsPage,
};

export function useAdminParts(list: { request: Record<string, string>; filtered: boolean }) {
  return useServerList(adminParts, list);
}
