import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Buyer } from './checkout.ts';
import type { PlacingDeps } from './placing.ts';
import { openUnpaidOf, tooMuchUnpaid, unpaidCents } from './unpaid-value.ts';

// The unpaid-order limits (MAX_UNPAID_ORDERS, MAX_UNPAID_VALUE) as placing an order holds a buyer
// to them (placing.ts).

/** How many open (unpaid, unexpired) orders a buyer holds. */
export async function unpaidCount(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(orders, openUnpaidOf(userId));
}

/** The 409 of a purchase by a buyer who already holds MAX_UNPAID_ORDERS unpaid orders. */
export const tooManyUnpaid = (max: number) =>
  new HttpError(
    409,
    `You have ${max} unpaid order${max === 1 ? '' : 's'}: pay or delete one first.`,
    {},
    // A checkout's 409 names the lines it could not serve (CheckoutProblem): none here.
    { lines: [] },
  );

/** The limits `deps` set, and what the statements that place orders take of them. */
export function unpaidLimits(deps: PlacingDeps) {
  const maxUnpaid = deps.maxUnpaidOrders ?? 0;
  const maxValueCents = deps.maxUnpaidValueCents ?? 0;
  /** A statement's name, by the limits its text holds (each text is prepared once). */
  const named = (name: string, valueLimited: boolean) =>
    `${name}${maxUnpaid > 0 ? '_limited' : ''}${valueLimited ? '_valued' : ''}`;
  const lockBuyer = Boolean(deps.lockBuyer) && (maxUnpaid > 0 || maxValueCents > 0);
  /** The values every order statement takes: the buyer and the unpaid limits. */
  const buyerValues = (buyer: Buyer) => ({
    // An exempt buyer's order is held to no count: the largest limit a statement can take.
    ...(maxUnpaid > 0 ? { maxUnpaid: buyer.unpaidCountExempt ? 2_147_483_647 : maxUnpaid } : {}),
    // Null: the buyer is exempt (underUnpaidValue); unused by a statement without the limit.
    ...(maxValueCents > 0
      ? { maxUnpaidCents: buyer.unpaidValueExempt ? null : maxValueCents }
      : {}),
    userId: buyer.id,
    email: buyer.email,
    userName: buyer.name,
  });

  /** MAX_UNPAID_VALUE's 409 for a new order of `orderCents`, or null (to explain a refusal). */
  async function overValueLimit(tx: DbOrTx, buyer: Buyer, orderCents: number) {
    if (maxValueCents === 0 || buyer.unpaidValueExempt) return null;
    return tooMuchUnpaid(maxValueCents, await unpaidCents(tx, buyer.id), orderCents);
  }

  return { maxUnpaid, maxValueCents, named, lockBuyer, buyerValues, overValueLimit };
}

export type UnpaidLimits = ReturnType<typeof unpaidLimits>;
