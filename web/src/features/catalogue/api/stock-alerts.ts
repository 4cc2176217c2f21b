import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/parts/:id/stock-alerts: one mail when the part is back. Without `email`, for the
 * signed-in customer's own address; with it, the alert counts once the mailed link is followed.
 */
export function subscribeStockAlert({ partId, email }: { partId: string; email?: string }) {
  return api(`/parts/${encodeURIComponent(partId)}/stock-alerts`, {
    method: 'POST',
    body: email ? { email } : {},
    schema: 'StockAlertAnswer',
  });
}

/**
 * DELETE /api/parts/:id/stock-alerts: with `token` (the mail's cancel link), that alert; without
 * it, the signed-in customer's own.
 */
export async function cancelStockAlert({ partId, token }: { partId: string; token?: string }) {
  const query = token ? `?${new URLSearchParams({ token })}` : '';
  await api(`/parts/${encodeURIComponent(partId)}/stock-alerts${query}`, {
    method: 'DELETE',
    schema: 'NoContent',
  });
}

export function useSubscribeStockAlert() {
  return useMutation({ mutationFn: subscribeStockAlert });
}

export function useCancelStockAlert() {
  return useMutation({ mutationFn: cancelStockAlert });
}
