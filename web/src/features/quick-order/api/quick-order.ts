import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUICK_ORDER_MAX_BYTES, QuickOrderAnswer } from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

export const FILE_TOO_LARGE = `The file is too large: at most ${QUICK_ORDER_MAX_BYTES / 1024} kB. Split it and add the rest next.`;

/** What a quick order sends: the typed list, or a CSV file's text (read once, when chosen). */
export type QuickOrderList = { lines: string } | { file: { name: string; text: string } };

/**
 * POST /api/cart/quick-order: the list's parts into the buyer's cart (a visitor's too), each line
 * that can be added; answers what was added and the lines that were not, by line.
 */
export function sendQuickOrder(list: QuickOrderList): Promise<QuickOrderAnswer> {
  const sent = 'file' in list ? { csv: list.file.text } : { body: { lines: list.lines } };
  // The server's words for a file over the limit do not say what to do next.
  return api('/cart/quick-order', { method: 'POST', schema: QuickOrderAnswer, ...sent }).catch(
    (error: unknown) => {
      throw error instanceof ApiError && error.status === 413
        ? new ApiError(413, FILE_TOO_LARGE, error.body)
        : error;
    },
  );
}

/** A quick order; the cart (the top bar's count, the cart page) is asked for again after it. */
export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuickOrder,
    onSuccess: (answer) => {
      if (answer.added.length > 0) void queryClient.invalidateQueries({ queryKey: [cartRoot] });
    },
  });
}
