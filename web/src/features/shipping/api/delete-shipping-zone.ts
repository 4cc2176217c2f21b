import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { shippingZonesKey } from './query-keys.ts';

/** DELETE /api/shipping-zones/:id (admins): the zone and its methods. */
export function deleteShippingZone(id: string) {
  return api(`/shipping-zones/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: 'DeleteAnswer',
  });
}

/** Deletes a zone; afterwards (a 404 too: another admin deleted it) the zones are read again. */
export function useDeleteShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingZone,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shippingZonesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
