import type { Order } from '@partsmith/contract';
import { AdminOrdersPage } from '@partsmith/contract/admin-lists';
import { ordersRoot } from '../../../lib/query-keys.ts';
import { useServerList, type ServerList } from '../../../lib/get-list-page.ts';

/**
 * Under the orders root (lib/query-keys.ts), which placing, paying, shipping and deleting an order
 * invalidate. Every page and filter of the table sits under this key (a change patches them all).
 */
export const allOrdersQueryKey = [ordersRoot, 'all'] as const;

/**
 * GET /api/admin/orders?q=&status=&paid=&from=&to=&sort=&cursor=&limit=: a page of every order
 * (admins only); `q` finds an order number, a buyer's e-mail or name, a part's name or number.
 */
export const allOrders: ServerList<Order> = {
  key: allOrdersQueryKey,
  path: '/admin/orders',
  schema: AdminOrdersPage,
};

export function useAllOrders(list: { request: Record<string, string>; filtered: boolean }) {
  return useServerList(allOrders, list);
}
