import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_QUOTE_DAYS, type QuoteAnswerBody, type QuoteRequestBody } from '@partsmith/contract';
import { unitPriceCents } from '@partsmith/contract/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { quoteLines, quoteMails, quotes, type QuoteRow } from '../../db/schema/quotes.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { FastifyInstance } from 'fastify';
import type { Buyer, LinesSource } from '../orders/checkout.ts';
import { priceLines, type Destination } from '../orders/pricing.ts';
import type { BusinessCheckout } from '../orders/business.ts';
import { partsByIds } from '../parts/repository.ts';
import { lineProblem } from '../parts/stock.ts';
import { adminQuotesFilter } from './admin-list.ts';
import { createQuoteReading, quoteNumber, withLines, type Quote } from './reading.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The lines of a quote (a placeholder in a prepared statement, or an id). */
const quoteLinesOf = (quoteId: SQL) =>
  sql`select part_id, quantity, position, unit_price_cents as quoted_cents
    from ${quoteLines} where quote_id = ${quoteId}`;

/** A quote's lines as the source of its order: at the quoted prices; the quote marked accepted. */
function quoteSource(): LinesSource {
  const quoteId = sql`${sql.placeholder('quoteId')}`;
  return {
    lines: quoteLinesOf(quoteId),
    quoted: true,
    also: [
      sql`accepted as (update ${quotes} set order_id = (select id from placed), accepted_at = now()
        where id = ${quoteId} and exists (select 1 from placed))`,
      sql`accepted_mail as (insert into ${quoteMails} (quote_id, kind)
        select ${quoteId}, 'accepted' from placed)`,
    ],
  };
}

/** The end of a UTC day (YYYY-MM-DD): the last moment the quoted prices hold. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);
const today = () => new Date().toISOString().slice(0, 10);
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A refused accept (a line the stock cannot serve): its transaction is rolled back. */
class AcceptRefused extends Error {}

/**
 * Quotes: a customer asks a price for parts and quantities, an admin answers with a unit price
 * per line and a last day, the customer accepts and the quote becomes an unpaid order at the
 * quoted prices (its stock taken then, paid on the usual payment page). Each step queues its
 * mail in `quote_mails` in the same transaction.
 */
export function createQuotesService(deps: {
  db: Db;
  /** The orders module's service (app.orders): it places the accepted quote's order. */
  orders: FastifyInstance['orders'];
  /** Told after a step committed its mail. */
  mailQueued?: () => void;
}) {
  const { db } = deps;
  const mailQueued = () => deps.mailQueued?.();
  const acceptStatement = deps.orders.prepareLines('partsmith_accept_quote', quoteSource());

  /**
   * An answered quote's lines priced for a destination (orders/pricing.ts): at the quoted unit
   * prices, with the shipping and sales tax of the address. Lines whose part is gone are left
   * out (accepting then names them).
   */
  async function priceQuote(tx: DbOrTx, quoteId: string, buyerId: string, to: Destination) {
    const lines = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(quoteLines.position);
    const parts = await partsByIds(
      tx,
      lines.flatMap((l) => (l.partId ? [l.partId] : [])),
    );
    const skus = new Map(parts.map((p) => [p.id, p.sku]));
    return priceLines(
      tx,
      buyerId,
      lines.flatMap((line) =>
        line.partId && line.unitPriceCents !== null
          ? [
              {
                partId: line.partId,
                sku: skus.get(line.partId) ?? '',
                name: line.name,
                image: line.image,
                unitCents: line.unitPriceCents,
                quantity: line.quantity,
              },
            ]
          : [],
      ),
      to,
      new Map(parts.map((p) => [p.id, p.weightGrams])),
    );
  }

  /** The 409/410 of a quote that cannot be accepted (or previewed) as it stands, else nothing. */
  function acceptable(quote: QuoteRow | undefined, buyerId: string): asserts quote is QuoteRow {
    if (!quote || quote.userId !== buyerId) throw notFound('We could not find that quote.');
    // A 409 of this route names lines (CheckoutProblem): none here.
    if (!quote.answeredAt)
      throw new HttpError(409, 'This quote has not been answered yet.', {}, { lines: [] });
    if (!quote.orderId && quote.validUntil! < new Date()) {
      throw new HttpError(
        410,
        `This quote expired on ${longDate(quote.validUntil!)}. Ask us for a new one.`,
      );
    }
  }

  /** Why an answered quote's lines cannot all be bought now (read after the rollback). */
  async function refusal(quoteId: string, buyerId: string): Promise<HttpError> {
    const unpaid = await deps.orders.tooManyUnpaid(db, buyerId);
    if (unpaid) return unpaid;
    const lines = await db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(quoteLines.position);
    const byId = new Map(
      (
        await partsByIds(
          db,
          lines.flatMap((l) => (l.partId ? [l.partId] : [])),
        )
      ).map((p) => [p.id, p]),
    );
    const failing = lines.flatMap((line) => {
      const problem = lineProblem(line.partId ? byId.get(line.partId) : undefined, line.quantity);
      return problem ? [{ partId: line.partId, name: line.name, problem }] : [];
    });
    return new HttpError(
      409,
      failing.length > 0
        ? `Some parts of this quote cannot be served now: ${failing
            .map((line) => line.name)
            .join(', ')}. Nothing was ordered; contact us for a new quote.`
        : 'Someone bought the last units just now: not enough stock left for this quote. Nothing was ordered.',
      {},
      { lines: failing },
    );
  }

  return {
    ...createQuoteReading(db),

    /** A customer's request: each part read as it is now (listed, quantity at its minimum). */
    async request(input: z.output<typeof QuoteRequestBody>, buyer: Buyer): Promise<Quote> {
      const found = new Map(
        (
          await partsByIds(
            db,
            input.lines.map((l) => l.partId),
          )
        ).map((p) => [p.id, p]),
      );
      const lines = input.lines.map((line, position) => {
        const part = found.get(line.partId);
        if (!part || part.deletedAt)
          throw new HttpError(422, 'A part you asked about is not in our catalogue any more.');
        if (line.quantity < part.minOrderQuantity) {
          throw new HttpError(
            422,
            `${part.name}: the minimum order is ${part.minOrderQuantity} units.`,
          );
        }
        return {
          position,
          partId: part.id,
          name: part.name,
          image: part.image,
          quantity: line.quantity,
          listPriceCents: unitPriceCents(part, line.quantity),
        };
      });
      const row = await db.transaction(async (tx) => {
        const [quote] = await tx
          .insert(quotes)
          .values({
            userId: buyer.id,
            userEmail: buyer.email,
            userName: buyer.name,
            message: input.message,
          })
          .returning();
        await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: quote!.id })));
        await tx.insert(quoteMails).values({ quoteId: quote!.id, kind: 'requested' });
        return quote!;
      });
      mailQueued();
      return (await withLines(db, [row]))[0]!;
    },

    /**
     * An admin's answer: a unit price for every line, the last day they hold and a message to the
     * customer (may be empty). Replaces an earlier answer while the quote is not accepted; mailed
     * to the customer and audited.
     */
    async answer(
      id: string,
      input: z.output<typeof QuoteAnswerBody>,
      admin: { id: string; email: string },
    ): Promise<Quote> {
      const day = input.validUntil;
      const todayIs = today();
      if (day < todayIs) throw new HttpError(422, 'Valid until must be today or a later day.');
      const latest = new Date(Date.parse(`${todayIs}T00:00:00Z`) + MAX_QUOTE_DAYS * 86_400_000);
      if (endOfDay(day) > endOfDay(latest.toISOString().slice(0, 10)))
        throw new HttpError(422, `Valid until must be within ${MAX_QUOTE_DAYS} days.`);
      const row = await db.transaction(async (tx) => {
        const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
        if (!quote) throw notFound('We could not find that quote.');
        if (quote.orderId)
          throw new HttpError(409, 'This quote was accepted already: its prices cannot change.');
        const lines = await tx
          .select()
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, id))
          .orderBy(asc(quoteLines.position));
        const prices = new Map(input.lines.map((l) => [l.partId, Math.round(l.unitPrice * 100)]));
        for (const line of lines) {
          if (!line.partId) {
            throw new HttpError(
              409,
              `${line.name} is not in our catalogue any more: this quote cannot be answered. The customer can ask again without it.`,
            );
          }
          if (!prices.has(line.partId))
            throw new HttpError(422, `Give a unit price for ${line.name}.`);
        }
        if (prices.size !== lines.length)
          throw new HttpError(422, 'Give a price only for the parts this quote asks about.');
        for (const line of lines) {
          await tx
            .update(quoteLines)
            .set({ unitPriceCents: prices.get(line.partId!)! })
            .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.position, line.position)));
        }
        const [after] = await tx
          .update(quotes)
          .set({
            answeredAt: new Date(),
            answeredBy: admin.id,
            validUntil: endOfDay(day),
            answerMessage: input.message,
          })
          .where(eq(quotes.id, id))
          .returning();
        await tx.insert(quoteMails).values({ quoteId: id, kind: 'answered' });
        const totalCents = lines.reduce(
          (sum, line) => sum + prices.get(line.partId!)! * line.quantity,
          0,
        );
        await recordAudit(tx, admin, {
          action: 'quote.answer',
          targetId: id,
          summary: `Answered quote ${quoteNumber(quote.seq)} of ${quote.userEmail}: $${(totalCents / 100).toFixed(2)}, valid until ${longDate(endOfDay(day))}`,
          before: quote.answeredAt
            ? {
                validUntil: iso(quote.validUntil),
                message: quote.answerMessage,
                lines: lines.map((l) => ({ partId: l.partId, unitPriceCents: l.unitPriceCents })),
              }
            : undefined,
          after: {
            validUntil: iso(after!.validUntil),
            message: after!.answerMessage,
            lines: lines.map((l) => ({
              partId: l.partId,
              unitPriceCents: prices.get(l.partId!)!,
            })),
          },
        });
        return after!;
      });
      mailQueued();
      return (await withLines(db, [row]))[0]!;
    },

    /**
     * The customer accepts an answered quote: one unpaid order at the quoted prices, every line's
     * stock taken then or none (a 409 names the lines), the quote marked with its order in the
     * same statement. The quote's row is locked first, so accepts at once (two tabs) take turns
     * and the later one finds the order and answers it: one order per quote.
     */
    /** What accepting the quote would come to, shipped to `to` (POST /api/quotes/:id/preview). */
    async preview(id: string, to: Destination, buyer: Buyer) {
      const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
      acceptable(quote, buyer.id);
      return (await priceQuote(db, id, buyer.id, to)).preview;
    },

    async accept(
      id: string,
      body: Destination & { expectedTotal?: number | undefined },
      buyer: Buyer,
      business?: BusinessCheckout,
    ): Promise<{ acknowledged: true; insertedId: string }> {
      const to = { addressId: body.addressId, shippingMethod: body.shippingMethod };
      const outcome = await db
        .transaction(async (tx) => {
          const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
          acceptable(quote, buyer.id);
          if (quote.orderId) return { orderId: quote.orderId, placed: null };
          const { preview, priced } = await priceQuote(tx, id, buyer.id, to);
          if (!preview.shippable)
            throw new HttpError(422, preview.problem!, {}, { lines: [], preview });
          if (
            body.expectedTotal !== undefined &&
            Math.round(body.expectedTotal * 100) !== priced.totalCents
          )
            throw deps.orders.totalChanged(preview);
          const order = await deps.orders.placeLinesInTx(
            tx,
            acceptStatement,
            { quoteId: id },
            priced,
            buyer,
            business,
          );
          if (!order) throw new AcceptRefused();
          return { orderId: order.id, placed: order };
        })
        .catch(async (err: unknown) => {
          if (err instanceof AcceptRefused) throw await refusal(id, buyer.id);
          throw err;
        });
      if (outcome.placed) {
        deps.orders.announce(outcome.placed);
        mailQueued();
      }
      return { acknowledged: true, insertedId: outcome.orderId };
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;

/** A customer's answered quotes whose prices still hold (My Quotes' Accept, GET /api/waiting). */
export function countQuotesToAccept(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(
    quotes,
    and(eq(quotes.userId, userId), adminQuotesFilter({ state: 'answered' })),
  );
}

/** The quote requests no admin has answered yet (Manage Quotes' "requested"). */
export function countQuotesToAnswer(db: DbOrTx): Promise<number> {
  return db.$count(quotes, adminQuotesFilter({ state: 'requested' }));
}
