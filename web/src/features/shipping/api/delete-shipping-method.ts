import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { shippingZonesKey } from './query-keys.ts';

/** DELETE /api/shipping-methods/:id (admins): checkouts no longer offer it. */
export function deleteShippingMethod(id: string) {
  return api(`/shipping-methods/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: 'DeleteAnswer',
  });
}

/** Deletes a method; afterwards (a 404 too) the zones are read again. */
export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingMethod,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shippingZonesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
