import { desc, eq, sql, and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Quote as QuoteSchema } from '@partsmith/contract';
import { companyUnitPriceCents } from '@partsmith/contract/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { quoteLines, quotes, type QuoteLineRow, type QuoteRow } from '../../db/schema/quotes.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { askedAsMemberSql, approves, membershipOf } from '../companies/service.ts';
import { buyersPriceRules } from '../companies/price-rules.ts';
import { partsByIds } from '../parts/repository.ts';

export type Quote = z.output<typeof QuoteSchema>;

const dollars = (cents: number) => cents / 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Q-000123 */
export const quoteNumber = (seq: number) => `Q-${String(seq).padStart(6, '0')}`;

/** Where a quote stands, from its row (an accepted quote's order deleted: answered again). */
export function quoteStatus(row: QuoteRow, now = new Date()): Quote['status'] {
  if (row.orderId) return 'accepted';
  if (!row.answeredAt) return 'requested';
  return row.validUntil! < now ? 'expired' : 'answered';
}

/** A line's key in the map of company prices: its quote and position. */
const lineKey = (line: Pick<QuoteLineRow, 'quoteId' | 'position'>) =>
  `${line.quoteId}:${line.position}`;

/**
 * A quote for the API; `companyCents` holds the requester's company price of its lines (by
 * lineKey), those that have one.
 */
export function toApiQuote(
  row: QuoteRow,
  lines: QuoteLineRow[],
  companyCents: ReadonlyMap<string, number> = new Map(),
): Quote {
  const answered = row.answeredAt !== null;
  return {
    _id: row.id,
    number: quoteNumber(row.seq),
    status: quoteStatus(row),
    userEmail: row.userEmail,
    userName: row.userName,
    message: row.message,
    lines: lines.map((line) => {
      const company = companyCents.get(lineKey(line));
      return {
        partId: line.partId,
        name: line.name,
        image: line.image,
        quantity: line.quantity,
        listPrice: dollars(line.listPriceCents),
        companyPrice: company === undefined ? null : dollars(company),
        unitPrice: line.unitPriceCents === null ? null : dollars(line.unitPriceCents),
        total: line.unitPriceCents === null ? null : dollars(line.unitPriceCents * line.quantity),
      };
    }),
    total: answered
      ? dollars(lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * line.quantity, 0))
      : null,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
    answerMessage: answered ? row.answerMessage : '',
    validUntil: iso(row.validUntil),
    acceptedAt: row.orderId ? iso(row.acceptedAt) : null,
    orderId: row.orderId,
  };
}

/**
 * The company price of the lines of quotes not yet accepted (decision 064): what the requester's
 * company pays today under its price list for the line's part and quantity, never above the
 * line's list price (the catalogue's when it was asked). Read with the quote, never stored; a
 * line whose part is gone, or that no list prices, has none.
 */
async function companyPrices(
  db: DbOrTx,
  rows: QuoteRow[],
  lines: QuoteLineRow[],
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  const requester = new Map(
    rows.flatMap((row) => (row.userId && !row.orderId ? [[row.id, row.userId] as const] : [])),
  );
  const open = lines.filter((line) => line.partId && requester.has(line.quoteId));
  if (open.length === 0) return prices;
  // The parts are read only when a requester's company has a price list.
  const parts = new Map<string, Awaited<ReturnType<typeof partsByIds>>[number]>();
  const rules = await buyersPriceRules(db, [...new Set(requester.values())], async () => {
    for (const part of await partsByIds(db, [...new Set(open.map((line) => line.partId!))]))
      parts.set(part.id, part);
    return [...parts.values()];
  });
  for (const line of open) {
    const part = parts.get(line.partId!);
    const rule = rules.get(requester.get(line.quoteId)!)?.get(line.partId!);
    if (!part || part.deletedAt || !rule) continue;
    const cents = companyUnitPriceCents(part, line.quantity, rule);
    prices.set(lineKey(line), Math.min(cents, line.listPriceCents));
  }
  return prices;
}

/** The quotes of these rows with their lines and company prices (in a few more queries). */
export async function withLines(db: DbOrTx, rows: QuoteRow[]): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(quoteLines)
    // `= any($1)`: one statement text whatever the number of quotes.
    .where(sql`${quoteLines.quoteId} = any(${sql.param(rows.map((r) => r.id))})`)
    .orderBy(quoteLines.quoteId, quoteLines.position);
  const byQuote = new Map<string, QuoteLineRow[]>();
  for (const line of lines) {
    const list = byQuote.get(line.quoteId);
    if (list) list.push(line);
    else byQuote.set(line.quoteId, [line]);
  }
  const company = await companyPrices(db, rows, lines);
  return rows.map((row) => toApiQuote(row, byQuote.get(row.id) ?? [], company));
}

/** The quotes of these ids (those that still exist), with their lines. */
export async function quotesByIds(db: DbOrTx, ids: string[]): Promise<Quote[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(quotes)
    .where(sql`${quotes.id} = any(${sql.param(ids)})`);
  return withLines(db, rows);
}

/** How many quotes a list answers at most. */
const LIST_LIMIT = 500;

/**
 * Reading quotes, and who may: the customer who asked, the shop's admins, and the owner, admins
 * and approvers of the company the customer asked as a member of (issue 49).
 */
export function createQuoteReading(db: Db) {
  /** The owner's, admins' and approvers' company, or null for anyone else. */
  async function approvingCompany(userId: string): Promise<string | null> {
    const membership = await membershipOf(db, userId);
    return membership && approves(membership.role) ? membership.companyId : null;
  }

  async function visible(id: string, viewer: { id: string; role: string }): Promise<QuoteRow> {
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (row && (row.userId === viewer.id || viewer.role === 'admin')) return row;
    const companyId = row?.userId ? await approvingCompany(viewer.id) : null;
    if (companyId) {
      const [ofCompany] = await db
        .select()
        .from(quotes)
        .where(
          and(
            eq(quotes.id, id),
            askedAsMemberSql(companyId, sql`${quotes.userId}`, sql`${quotes.createdAt}`),
          ),
        );
      if (ofCompany) return ofCompany;
    }
    throw notFound('We could not find that quote.');
  }

  return {
    /** A customer's own quotes, newest first; every quote for an admin, open requests first. */
    async list(viewer: { id: string; role: string }): Promise<Quote[]> {
      const rows =
        viewer.role === 'admin'
          ? await db
              .select()
              .from(quotes)
              .orderBy(sql`${quotes.answeredAt} is not null`, desc(quotes.createdAt))
              .limit(LIST_LIMIT)
          : await db
              .select()
              .from(quotes)
              .where(eq(quotes.userId, viewer.id))
              .orderBy(desc(quotes.createdAt))
              .limit(LIST_LIMIT);
      return withLines(db, rows);
    },

    /**
     * The quotes of the viewer's company, newest first: those its members asked as members,
     * theirs too (its owner, admins and approvers; 403 for anyone else).
     */
    async companyList(viewer: { id: string }): Promise<Quote[]> {
      const companyId = await approvingCompany(viewer.id);
      if (!companyId)
        throw new HttpError(403, "Only your company's owner, admins and approvers see its quotes.");
      const rows = await db
        .select()
        .from(quotes)
        .where(askedAsMemberSql(companyId, sql`${quotes.userId}`, sql`${quotes.createdAt}`))
        .orderBy(desc(quotes.createdAt))
        .limit(LIST_LIMIT);
      return withLines(db, rows);
    },

    /** A quote its customer, a shop admin or its company's approvers may read; else a 404. */
    async get(id: string, viewer: { id: string; role: string }): Promise<Quote> {
      return (await withLines(db, [await visible(id, viewer)]))[0]!;
    },
  };
}
