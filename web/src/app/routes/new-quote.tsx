import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cartQuery } from '../../features/cart/api/get-cart.ts';
import {
  NEW_QUOTE_TITLE,
  NewQuotePage,
  type DraftLine,
} from '../../features/quotes/components/new-quote-page.tsx';

export const meta: MetaFunction = () => pageMeta(NEW_QUOTE_TITLE);

/**
 * /dashboard/quotes/new: the quotes feature asks, the cart feature knows the buyer's cart. A
 * visitor's cart joins the account on the server at sign-in (the Request a quote link of the
 * cart page goes through the sign-in), so `?from=cart` reads the account's cart as it is now.
 */
export function NewQuoteRoute() {
  const queryClient = useQueryClient();
  const loadCart = useCallback(async (): Promise<DraftLine[]> => {
    const cart = await queryClient.fetchQuery({ ...cartQuery(), staleTime: 0 });
    return cart.lines.map((line) => ({
      partId: line.partId,
      name: line.name,
      min: line.minOrderQuantity,
      quantity: line.quantity,
    }));
  }, [queryClient]);
  return <NewQuotePage loadCart={loadCart} />;
}

export default NewQuoteRoute;
