import { useQuery } from '@tanstack/react-query';
import type { PartAnswer } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/get-session.ts';

/** What the part's page reads of a signed-in buyer's own GET /api/part/:id (the contract's). */
export type YourPrice = Pick<PartAnswer, 'yourPrice' | 'yourPriceList'>;

/**
 * GET /api/part/:id again, in the browser with the buyer's cookie: for a member of a company
 * with a price list it answers `yourPrice` and `yourPriceList` beside the list price. The part's
 * page itself is rendered once for everybody (and kept), so this price is asked for after the
 * page is up, for signed-in visitors only, under a key of its own that signing out forgets.
 */
export async function getYourPrice(id: string, signal?: AbortSignal): Promise<YourPrice> {
  // Loaded on demand, for signed-in visitors only: the part's page does not load zod for all.
  const { PartAnswer } = await import('@partsmith/contract');
  const schema = PartAnswer.pick({ yourPrice: true, yourPriceList: true });
  return api(`/part/${encodeURIComponent(id)}`, { schema, signal });
}

export function useYourPrice(id: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['your-price', id],
    queryFn: ({ signal }) => getYourPrice(id, signal),
    enabled: Boolean(session.data?.user),
    staleTime: 60_000,
    retry: false,
  });
}
