import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShippingZone, type ShippingZoneBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { shippingZonesKey } from './query-keys.ts';

/** What the zone form sends: the contract's output (codes upper case, position a number). */
export type ZoneValues = z.output<typeof ShippingZoneBody>;

export interface SaveZone {
  /** The zone changed; none for a new zone. */
  id?: string;
  body: ZoneValues;
}

/**
 * POST /api/shipping-zones, or PUT /api/shipping-zones/:id for a zone that exists (admins).
 * 422 names the field (a country code that is not one).
 */
export function saveShippingZone({ id, body }: SaveZone) {
  return id
    ? api(`/shipping-zones/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: ShippingZone,
      })
    : api('/shipping-zones', { method: 'POST', body, schema: ShippingZone });
}

/** Saves a zone; the zones are read again either way (a refusal may mean another admin's change). */
export function useSaveShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingZone,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shippingZonesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
