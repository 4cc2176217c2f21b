import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutProblem } from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cartRoot, ordersRoot, partsRoot, partRoot } from '../../../lib/query-keys.ts';

export interface CheckoutRequest {
  body: CheckoutBody;
  /** The same key for a retry of the same submission: the server then makes one order only. */
  idempotencyKey: string;
}

/** A line a refused checkout names: its part, name and why it cannot be served. */
export type ProblemLine = NonNullable<CheckoutProblem['lines']>[number];

/** A refused checkout (409, 422): the server's message, and the lines it names, with why. */
export class CheckoutRefused extends ApiError {
  readonly lines: ProblemLine[];
  constructor(error: ApiError, lines: ProblemLine[]) {
    super(error.status, error.message, error.body);
    this.name = 'CheckoutRefused';
    this.lines = lines;
  }
}

/** A 409 or 422 read with the contract's CheckoutProblem (loaded now: the form has loaded zod). */
async function refusal(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 422)) return error;
  try {
    const { CheckoutProblem } = await import('@partsmith/contract');
    const parsed = CheckoutProblem.safeParse(error.body);
    return new CheckoutRefused(error, parsed.success ? parsed.data.lines : []);
  } catch {
    return new CheckoutRefused(error, []);
  }
}

/**
 * POST /api/checkout: the signed-in buyer's cart becomes one unpaid order shipped to `address`
 * (the server empties the cart in the same transaction). Answers the new order's id. A refusal
 * (a line the stock cannot serve, an empty cart) rejects with CheckoutRefused; nothing is taken.
 */
export async function checkout({ body, idempotencyKey }: CheckoutRequest) {
  try {
    return await api('/checkout', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: 'PurchaseAnswer',
    });
  } catch (error) {
    throw await refusal(error);
  }
}

/** Checks out; afterwards the cart, the orders and the stock shown anywhere are asked again. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ordersRoot] });
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      void queryClient.invalidateQueries({ queryKey: [partRoot] });
    },
    // Also after a refusal: the lines' own problems (stock, minimum) are the server's to say.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [cartRoot] }),
  });
}
