import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShippingMethod, type ShippingMethodBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { shippingZonesKey } from './query-keys.ts';

/** What the method form sends: the contract's output, money in dollars. */
export type MethodValues = z.output<typeof ShippingMethodBody>;

export interface SaveMethod {
  /** The zone a new method is added to. */
  zoneId: string;
  /** The method changed; none for a new method. */
  id?: string;
  body: MethodValues;
}

/**
 * POST /api/shipping-zones/:zoneId/methods, or PUT /api/shipping-methods/:id for a method that
 * exists (admins). 422 names the field.
 */
export function saveShippingMethod({ zoneId, id, body }: SaveMethod) {
  return id
    ? api(`/shipping-methods/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: ShippingMethod,
      })
    : api(`/shipping-zones/${encodeURIComponent(zoneId)}/methods`, {
        method: 'POST',
        body,
        schema: ShippingMethod,
      });
}

/** Saves a method; the zones (which carry their methods) are read again either way. */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingMethod,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shippingZonesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
