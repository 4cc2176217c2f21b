import { sql, type SQL } from 'drizzle-orm';
import { lowStockMails } from '../../db/schema/insights.ts';

// What other modules may do with the low-stock outbox: the purchase statement (orders) queues a
// mail when it took a part below its threshold.

/**
 * An INSERT, for a data-modifying CTE, that queues the low-stock mail of each row of `source`
 * whose `low_stock_crossed` is true (the columns of the parts module's takeStockStatement: id,
 * name, available_quantity, low_stock_threshold). Inside the purchase's one statement, so the
 * mail is queued exactly when the stock taken is committed.
 */
export function queueLowStockMailsFrom(source: SQL): SQL {
  return sql`insert into ${lowStockMails} (part_id, part_name, stock, threshold)
    select id, name, available_quantity, low_stock_threshold from ${source}
    where low_stock_crossed`;
}
