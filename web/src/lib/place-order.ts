import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutProblem } from '@partsmith/contract';
import { api, ApiError } from './api-client.ts';
import { ordersRoot, partRoot, partsRoot } from './query-keys.ts';

/** A line a refused order names: its part, name and why the stock cannot serve it. */
export type ProblemLine = NonNullable<CheckoutProblem['lines']>[number];

/**
 * A refused order (a cart's checkout, a quote's acceptance): the server's message, and the lines
 * it names, with why.
 */
export class CheckoutRefused extends ApiError {
  readonly lines: ProblemLine[];
  /** A 409 of a total that changed (or a 422 of a place nobody ships to): the order as it is now. */
  readonly preview: CheckoutProblem['preview'];
  constructor(error: ApiError, lines: ProblemLine[], preview?: CheckoutProblem['preview']) {
    super(error.status, error.message, error.body);
    this.name = 'CheckoutRefused';
    this.lines = lines;
    this.preview = preview;
  }
}

/**
 * A refusal with one of `statuses` as a CheckoutRefused, read with the contract's CheckoutProblem
 * (loaded now: the form has loaded zod); any other error as it is.
 */
async function refusal(error: unknown, statuses: readonly number[]): Promise<unknown> {
  if (!(error instanceof ApiError) || !statuses.includes(error.status)) return error;
  try {
    const { CheckoutProblem } = await import('@partsmith/contract');
    const parsed = CheckoutProblem.safeParse(error.body);
    return parsed.success
      ? new CheckoutRefused(error, parsed.data.lines, parsed.data.preview)
      : new CheckoutRefused(error, []);
  } catch {
    return new CheckoutRefused(error, []);
  }
}

export interface OrderRequest<Body> {
  body: Body;
  /** The same key for a retry of the same submission: the server then makes one order only. */
  idempotencyKey: string;
}

/**
 * POSTs what becomes one unpaid order to `path`; answers the new order's id. A refusal with one
 * of `refusals` (its status) rejects with CheckoutRefused, any other failure as it came.
 */
export async function placeOrder<Body>(
  path: string,
  { body, idempotencyKey }: OrderRequest<Body>,
  refusals: readonly number[],
) {
  try {
    return await api(path, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: 'PurchaseAnswer',
    });
  } catch (error) {
    throw await refusal(error, refusals);
  }
}

/** After an order is placed: the orders and the stock shown anywhere are asked again. */
export function refreshAfterOrder(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [ordersRoot] });
  void queryClient.invalidateQueries({ queryKey: [partsRoot] });
  void queryClient.invalidateQueries({ queryKey: [partRoot] });
}
