import { and, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminPartsBulkBody, BulkPartAction } from '@partsmith/contract/admin-lists';
import type { PriceBreakCents } from '@partsmith/contract/pricing';
import type { Db } from '../../db/client.ts';
import { parts, type PartRow } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { toCataloguePart } from './repository.ts';
import { inStock, LOW_STOCK_THRESHOLD } from './stock.ts';

/** The highest price a part can have (the contract's PriceField): $1,000,000, in cents. */
const PRICE_MAX_CENTS = 100_000_000;

/**
 * `cents` changed by `percent` (two decimals at most, as the contract takes it), rounded to the
 * nearest cent (half up), never below one cent. Worked in whole numbers: 19.99 * 1.1 in floating
 * point is 21.988999..., which would round a half-cent the wrong way.
 */
export function scaledCents(cents: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  const numerator = cents * (10_000 + hundredths);
  return Math.max(1, Math.floor((2 * numerator + 10_000) / 20_000));
}

/**
 * A part's price and volume prices changed by `percent`, kept valid: each break's unit price
 * stays strictly below the one before (the base price first). Rounding can bring two prices to
 * the same cent: the break then sells one cent below the one before it. A break that cannot go
 * below the one before without falling under one cent is dropped, with the breaks after it
 * (they would have to be cheaper still); it cost no less than the base price by then.
 */
export function scaledPrices(
  part: { priceCents: number; priceBreaks: readonly PriceBreakCents[] },
  percent: number,
): { priceCents: number; priceBreaks: PriceBreakCents[] } {
  const priceCents = scaledCents(part.priceCents, percent);
  const priceBreaks: PriceBreakCents[] = [];
  let before = priceCents;
  for (const b of [...part.priceBreaks].sort((x, y) => x.minQuantity - y.minQuantity)) {
    const price = Math.min(scaledCents(b.priceCents, percent), before - 1);
    if (price < 1) break;
    priceBreaks.push({ minQuantity: b.minQuantity, priceCents: price });
    before = price;
  }
  return { priceCents, priceBreaks };
}

/** What the audit log keeps of a part: as its page shows it, and whether it is listed. */
const snapshot = (row: PartRow) => ({ ...toCataloguePart(row), listed: row.listed });

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function summaryOf(action: BulkPartAction, before: PartRow, after: PartRow): string {
  const name = `"${before.name}"`;
  switch (action.kind) {
    case 'price-percent':
      return `Bulk: ${action.percent < 0 ? 'lowered' : 'raised'} the price of ${name} by ${Math.abs(action.percent)}% (${dollars(before.priceCents)} to ${dollars(after.priceCents)})`;
    case 'set-stock':
      return `Bulk: set the stock of ${name} to ${action.quantity} (was ${before.availableQuantity})`;
    case 'list':
      return `Bulk: listed ${name}`;
    case 'unlist':
      return `Bulk: unlisted ${name}`;
  }
}

/**
 * The new values of the locked parts for one action, written by one UPDATE: a stock is set with
 * its low-stock mark as update() in service.ts keeps it (none at the threshold or above, kept or
 * set now below it, see lowStockMarkAfter), the prices through a table of each part's own.
 */
function changeOf(
  action: BulkPartAction,
  rows: PartRow[],
): { set: PgUpdateSetSource<typeof parts>; from?: SQL } {
  switch (action.kind) {
    case 'set-stock':
      return {
        set: {
          availableQuantity: sql`${action.quantity}::int`,
          lowStockAlertedAt: sql`case when ${action.quantity}::int >= ${LOW_STOCK_THRESHOLD}
            then null else coalesce(${parts.lowStockAlertedAt}, now()) end`,
        },
      };
    case 'list':
    case 'unlist':
      return { set: { listed: sql`${action.kind === 'list'}::boolean` } };
    case 'price-percent': {
      const prices = rows.map((row) => {
        const scaled = scaledPrices(row, action.percent);
        if (scaled.priceCents > PRICE_MAX_CENTS)
          throw new HttpError(
            400,
            `"${row.name}" would cost ${dollars(scaled.priceCents)}, over the highest price a part can have ($1,000,000.00): nothing was changed.`,
          );
        return { id: row.id, price_cents: scaled.priceCents, price_breaks: scaled.priceBreaks };
      });
      return {
        set: { priceCents: sql`scaled.price_cents`, priceBreaks: sql`scaled.price_breaks` },
        from: sql`jsonb_to_recordset(${JSON.stringify(prices)}::jsonb)
          as scaled(id uuid, price_cents integer, price_breaks jsonb)`,
      };
    }
  }
}

/**
 * Manage Products' bulk actions (issue 48): one action on up to ADMIN_BULK_MAX selected parts,
 * in one transaction with one audit entry per part (before and after), then one catalogue
 * change. A selected part that is not in the catalogue (deleted, or never there) refuses the
 * whole action with a 404, nothing changed: the admin's table was out of date, and a partial
 * change would leave them guessing which parts it reached.
 */
export function createPartsBulk(deps: {
  db: Db;
  catalogueChanged: () => void;
  /** Told after a commit that put an out-of-stock part back in stock (its stock alerts). */
  backInStock?: () => void;
}) {
  const { db } = deps;
  return async function applyBulk(
    body: z.output<typeof AdminPartsBulkBody>,
    admin: Actor,
  ): Promise<number> {
    const ids = [...new Set(body.ids)];
    const { action } = body;
    const { updated, restocked } = await db.transaction(async (tx) => {
      const chosen = and(
        sql`${parts.id} = any(${sql.param(ids)}::uuid[])`,
        isNull(parts.deletedAt),
      );
      // Locked in the order of their ids, as the purchases lock several parts (stock.ts).
      const before = await tx.select().from(parts).where(chosen).orderBy(parts.id).for('update');
      if (before.length < ids.length) {
        const missing = ids.length - before.length;
        throw notFound(
          `${missing === 1 ? 'One of the selected parts is' : `${missing} of the selected parts are`} not in the catalogue any more: nothing was changed. Reload the list and try again.`,
        );
      }
      const change = changeOf(action, before);
      const update = tx.update(parts).set({ ...change.set, updatedAt: sql`now()` });
      const after = change.from
        ? await update
            .from(change.from)
            .where(and(chosen, sql`${parts.id} = scaled.id`))
            .returning(getTableColumns(parts))
        : await update.where(chosen).returning();
      const afterById = new Map(after.map((row) => [row.id, row]));
      let restocked = false;
      for (const old of before) {
        const now = afterById.get(old.id)!;
        restocked ||= !inStock(old) && inStock(now);
        await recordAudit(tx, admin, {
          action: 'part.update',
          targetId: old.id,
          summary: summaryOf(action, old, now),
          before: snapshot(old),
          after: snapshot(now),
        });
      }
      return { updated: after.length, restocked };
    });
    deps.catalogueChanged();
    if (restocked) deps.backInStock?.();
    return updated;
  };
}
