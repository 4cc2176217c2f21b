import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';

// MAX_UNPAID_VALUE (decision 054): what one account's open unpaid orders hold together, in
// money. Stock is taken when an order is placed, so without it one account could hold the whole
// catalogue's stock for UNPAID_ORDER_TTL with a few large unpaid orders.

/**
 * An order the unpaid-order limits and the expiry hold (alias `o`): one to pay by card, not
 * waiting for its company's approver. A company's orders on terms answer to its credit limit,
 * and one awaiting approval to its approver (issue 49).
 */
export const cardOrderSql = (alias: string) =>
  sql.raw(`${alias}.payment_method = 'card' and ${alias}.approval is distinct from 'pending'`);

/** What the buyer's (placeholder `userId`) open unpaid orders come to, in cents, as SQL. */
const heldCentsSql = sql`(select coalesce(sum(o.total_cents), 0) from ${orders} o
  where o.user_id = ${sql.placeholder('userId')} and not o.paid and o.expired_at is null
    and ${cardOrderSql('o')})`;

/**
 * The value limit as a condition of a statement that takes stock: the buyer's open unpaid orders
 * and the new one (`orderCents`, SQL on the rows at hand) come to at most the placeholder
 * `maxUnpaidCents`. A null `maxUnpaidCents` passes: a buyer exempt from the limit (see Buyer's
 * `unpaidValueExempt`). With the buyer locked first (PostgreSQL) or one transaction at a time
 * (PGlite), two orders at once cannot both see room, as for the count limit.
 */
export const underUnpaidValue = (orderCents: SQL): SQL =>
  sql`and coalesce(${orderCents} + ${heldCentsSql} <= ${sql.placeholder('maxUnpaidCents')}, true)`;

/** A buyer's open unpaid orders: what both unpaid-order limits count (to explain a refusal). */
export const openUnpaidOf = (userId: string) =>
  and(
    eq(orders.userId, userId),
    eq(orders.paid, false),
    isNull(orders.expiredAt),
    cardOrderSql('orders'),
  );

/** What the buyer's open unpaid orders come to, in cents (to explain a refusal). */
export async function unpaidCents(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(openUnpaidOf(userId));
  return Number(row?.cents ?? 0);
}

/**
 * The 409 of an order that would take the buyer's unpaid orders above MAX_UNPAID_VALUE, or null
 * when it would not: what it comes to and what to do (pay first, or ask for a quote).
 */
export function tooMuchUnpaid(maxCents: number, heldCents: number, orderCents: number) {
  if (heldCents + orderCents <= maxCents) return null;
  const limit = `${formatUsd(maxCents)}, the most one account may hold in unpaid orders`;
  return new HttpError(
    409,
    heldCents > 0
      ? `This order (${formatUsd(orderCents)}) and your unpaid orders (${formatUsd(heldCents)}) would ` +
          `come to more than ${limit}. Pay your open orders first, or use Request a quote for a ` +
          'larger order. Nothing was ordered.'
      : `This order (${formatUsd(orderCents)}) comes to more than ${limit}. Use Request a quote for ` +
          'a larger order, or order less. Nothing was ordered.',
    {},
    // A checkout's 409 names the lines it could not serve (CheckoutProblem): none here.
    { lines: [] },
  );
}
