import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError as ApiErrorBody,
  QUICK_ORDER_MAX_BYTES,
  QuickOrderAnswer,
} from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

export const FILE_TOO_LARGE = `The file is too large: at most ${QUICK_ORDER_MAX_BYTES / 1024} kB. Split it and add the rest next.`;

/** Our own words where the server's would not help. */
const MESSAGES: Record<number, string> = {
  0: 'Cannot reach the shop. Check your connection and try again.',
  413: FILE_TOO_LARGE,
};

/** What a quick order sends: the typed list, or a CSV file's text (read once, when chosen). */
export type QuickOrderList = { lines: string } | { file: { name: string; text: string } };

/**
 * POST /api/cart/quick-order with a CSV file's text as the body (text/csv). The API client sends
 * JSON only, so this call makes its own request; its failures are the same ApiError.
 */
async function sendCsv(text: string): Promise<QuickOrderAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/cart/quick-order', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body: text,
    });
  } catch {
    throw new ApiError(0, MESSAGES[0]!);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const answer = QuickOrderAnswer.safeParse(json);
    if (answer.success) return answer.data;
    throw new ApiError(response.status, 'The shop sent an answer this page does not understand.');
  }
  const error = ApiErrorBody.safeParse(json);
  const message =
    MESSAGES[response.status] ??
    (error.success && response.status < 500
      ? error.data.message
      : 'Something went wrong on our side. Please try again.');
  throw new ApiError(response.status, message, json);
}

/**
 * POST /api/cart/quick-order: the list's parts into the buyer's cart (a visitor's too), each line
 * that can be added; answers what was added and the lines that were not, by line.
 */
export function sendQuickOrder(list: QuickOrderList): Promise<QuickOrderAnswer> {
  if ('file' in list) return sendCsv(list.file.text);
  return api('/cart/quick-order', {
    method: 'POST',
    body: { lines: list.lines },
    schema: QuickOrderAnswer,
  });
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
