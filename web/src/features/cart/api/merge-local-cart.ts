import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { cartQuery, cartQueryKey } from './get-cart.ts';
import { localCartLines, removeLocalLines, useLocalCart } from './local-cart.ts';
import { setCartLine } from './set-cart-line.ts';

export interface MergeResult {
  /** The server's words for each line it refused for good (the part is gone, too few in stock). */
  refused: string[];
  /** No answer, a 5xx, or the session ended: the lines not moved yet stay in this browser. */
  interrupted: boolean;
}

/** A refusal that will not change by asking again; anything else may (the line is kept). */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 429;

async function merge(queryClient: QueryClient): Promise<MergeResult> {
  const result: MergeResult = { refused: [], interrupted: false };
  const lines = localCartLines();
  if (lines.length === 0) return result;
  let had: Map<string, number>;
  try {
    const server = await queryClient.fetchQuery({ ...cartQuery(), staleTime: 0 });
    had = new Map(server.lines.map((line) => [line.partId, line.quantity]));
  } catch {
    return { ...result, interrupted: true };
  }
  // One at a time: each answer is the whole cart, and the last one is the cart as it ends up.
  for (const line of lines) {
    if ((had.get(line.partId) ?? 0) < line.quantity) {
      try {
        queryClient.setQueryData(cartQueryKey, await setCartLine(line));
      } catch (error) {
        if (!isFinal(error)) return { ...result, interrupted: true };
        result.refused.push((error as ApiError).message);
      }
    }
    removeLocalLines([line.partId]);
  }
  return result;
}

/** Says which lines the server refused (sonner loads on demand, like the navbar's toasts). */
async function tell({ refused }: MergeResult) {
  if (refused.length === 0) return;
  const { toast } = await import('sonner');
  toast.warning('Some parts from before you signed in are not in your cart', {
    description: refused.join(' '),
  });
}

let running: Promise<MergeResult> | null = null;

/**
 * Moves a visitor's cart into the signed-in buyer's: each line of this browser's cart is PUT to
 * the server with its quantity, unless the server's cart already has that part in the same or a
 * larger quantity (the larger one is kept); each line leaves this browser once the server has
 * answered for it, and the lines the server refused are told in a toast. One merge at a time (a
 * second call gets the running one).
 */
export function mergeLocalCart(queryClient: QueryClient): Promise<MergeResult> {
  running ??= merge(queryClient)
    .then((result) => {
      void tell(result);
      return result;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** Once signed in with lines in this browser's cart: merges them (see mergeLocalCart). */
export function useMergeLocalCart(signedIn: boolean) {
  const queryClient = useQueryClient();
  const local = useLocalCart();
  const waiting = signedIn && local.length > 0;
  useEffect(() => {
    if (waiting) void mergeLocalCart(queryClient);
  }, [waiting, queryClient]);
}
