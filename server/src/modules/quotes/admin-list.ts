import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteStatus } from '@partsmith/contract';
import type {
  ADMIN_QUOTE_SORTS,
  AdminPage,
  AdminQuotesQuery,
} from '@partsmith/contract/admin-lists';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { quoteLines, quotes } from '../../db/schema/quotes.ts';
import { withLines, type Quote } from './reading.ts';

type Query = z.output<typeof AdminQuotesQuery>;

const seq = { expr: quotes.seq, kind: 'int' } as const;
const created = { expr: quotes.createdAt, kind: 'time' } as const;

/** The quotes table's sorts, on quotes_created_seq_idx. */
export const ADMIN_QUOTE_SORT: Record<(typeof ADMIN_QUOTE_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, seq], descending: true },
  oldest: { name: 'oldest', keys: [created, seq], descending: false },
};

/** Where a quote stands, as quoteStatus (reading.ts) says it, as a condition. */
const STATE: Record<QuoteStatus, SQL> = {
  accepted: sql`${quotes.orderId} is not null`,
  requested: sql`${quotes.orderId} is null and ${quotes.answeredAt} is null`,
  answered: sql`${quotes.orderId} is null and ${quotes.answeredAt} is not null
    and ${quotes.validUntil} >= now()`,
  expired: sql`${quotes.orderId} is null and ${quotes.answeredAt} is not null
    and ${quotes.validUntil} < now()`,
};

/** Q-000123, as quoteNumber (reading.ts) writes it. */
const NUMBER = sql`'Q-' || lpad(${quotes.seq}::text, greatest(6, length(${quotes.seq}::text)), '0')`;

/**
 * The quotes a query finds: every word of `q` in the quote's number (Q-000123), the buyer's
 * e-mail or name, or the name of a part asked about; where it stands.
 */
export function adminQuotesFilter(q: Pick<Query, 'q' | 'state'>): SQL | undefined {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(sql`(${NUMBER} ilike ${pattern} or ${quotes.userEmail} ilike ${pattern}
      or ${quotes.userName} ilike ${pattern}
      or exists (select 1 from ${quoteLines} l where l.quote_id = ${quotes.id}
        and l.name ilike ${pattern}))`);
  }
  if (q.state) where.push(STATE[q.state]);
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of the admins' quotes table, each quote with its lines, and how many the query finds. */
export async function listAdminQuotes(db: DbOrTx, q: Query): Promise<AdminPage<Quote>> {
  const keyset = keysetPage(ADMIN_QUOTE_SORT[q.sort], q.cursor, q.limit);
  const filter = adminQuotesFilter(q);
  const [rows, total] = await Promise.all([
    db
      .select({ quote: quotes, keysetKeys: keyset.keys })
      .from(quotes)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.$count(quotes, filter),
  ]);
  const page = keyset.page(rows);
  return {
    items: await withLines(
      db,
      page.rows.map((r) => r.quote),
    ),
    nextCursor: page.nextCursor,
    total,
  };
}
