import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShippingZoneList } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { shippingZonesKey } from './query-keys.ts';

/** GET /api/shipping-zones (admins): every zone, each with its methods, in the shop's order. */
export const shippingZonesQuery = () =>
  queryOptions({
    queryKey: shippingZonesKey,
    queryFn: ({ signal }) => api('/shipping-zones', { schema: ShippingZoneList, signal }),
  });

export function useShippingZones() {
  return useQuery(shippingZonesQuery());
}
