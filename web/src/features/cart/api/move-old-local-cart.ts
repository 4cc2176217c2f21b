import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cartQueryKey } from './get-cart.ts';
import { setCartLine } from './set-cart-line.ts';

/**
 * Where a visitor's cart was kept in the browser before the server kept it (issue 46). Read once
 * more, to move what it holds, then removed.
 */
export const OLD_LOCAL_CART_KEY = 'partsmith.cart';

/** As many parts as a cart holds (the contract's MAX_CART_LINES, without loading zod). */
const MOST_LINES = 50;

function takeOldLines(): { partId: string; quantity: number }[] {
  let text: string | null;
  try {
    text = localStorage.getItem(OLD_LOCAL_CART_KEY);
    // Removed before anything is sent: the move is tried once, whatever happens to it.
    if (text !== null) localStorage.removeItem(OLD_LOCAL_CART_KEY);
  } catch {
    // Storage refused (a privacy mode): nothing was kept there.
    return [];
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (line): line is { partId: string; quantity: number } =>
        !!line &&
        typeof line === 'object' &&
        typeof line.partId === 'string' &&
        /^[0-9a-f-]{36}$/i.test(line.partId) &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0,
    )
    .slice(0, MOST_LINES);
}

/**
 * Puts the lines of a cart this browser kept itself into the server's cart, one PUT each (each
 * answer is the whole cart, the last one the cart as it ends up). A line the server refuses (the
 * part is gone, the quantity no longer allowed) is left out, as the unreachable shop leaves out
 * the rest.
 */
export async function moveOldLocalCart(queryClient: QueryClient): Promise<void> {
  const lines = takeOldLines();
  for (const line of lines) {
    try {
      queryClient.setQueryData(cartQueryKey, await setCartLine(line));
    } catch {
      // Refused or unreachable: this line stays out of the cart.
    }
  }
  // A GET sent before the last change may answer after it: the cart is asked again.
  if (lines.length > 0) await queryClient.invalidateQueries({ queryKey: cartQueryKey });
}

/** Once the session is known: moves a cart this browser kept itself (see moveOldLocalCart). */
export function useMoveOldLocalCart(ready: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (ready) void moveOldLocalCart(queryClient);
  }, [ready, queryClient]);
}
