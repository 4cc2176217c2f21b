import type { ContactMessage } from '@partsmith/contract';
import { AdminMessagesPage } from '@partsmith/contract/admin-lists';
import { adminMessagesRoot } from '../../../lib/query-keys.ts';
import { useServerList, type ServerList } from '../../../lib/get-list-page.ts';

export const adminMessagesQueryKey = [adminMessagesRoot] as const;

/**
 * GET /api/admin/messages?q=&handled=&sort=&cursor=&limit=: a page of the contact form's
 * messages (admins only).
 */
export const adminMessages: ServerList<ContactMessage> = {
  key: adminMessagesQueryKey,
  path: '/admin/messages',
  schema: AdminMessagesPage,
};

export function useAdminMessages(list: { request: Record<string, string>; filtered: boolean }) {
  return useServerList(adminMessages, list);
}
