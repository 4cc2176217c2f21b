import { api } from './api-client.ts';

/**
 * DELETE /api/orders/:id: unpaid orders only (409 with a message once paid); its quantity goes
 * back in stock. The buyer's My Orders and the admin's orders each keep their own cache up to
 * date around it.
 */
export function deleteOrder(id: string) {
  return api(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}
