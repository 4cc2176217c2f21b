import { randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testPayments, testRefunds } from '../../db/schema/payments.ts';
import type { PaymentProvider, PaymentStatus, ProviderPayment } from './provider.ts';

/** A card refused the way Stripe refuses it: HTTP 402 with Stripe's own message. */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Stripe's documented test cards (https://docs.stripe.com/testing), answered the same way. */
const DECLINES: Record<string, [code: string, message: string]> = {
  '4000000000000002': ['card_declined', 'Your card was declined.'],
  '4000000000009995': ['insufficient_funds', 'Your card has insufficient funds.'],
  '4000000000009987': ['lost_card', 'Your card was declined.'],
  '4000000000009979': ['stolen_card', 'Your card was declined.'],
  '4000000000000069': ['expired_card', 'Your card has expired.'],
  '4000000000000127': ['incorrect_cvc', "Your card's security code is incorrect."],
  '4000000000000119': [
    'processing_error',
    'An error occurred while processing your card. Try again in a little bit.',
  ],
  '4242424242424241': ['incorrect_number', 'Your card number is incorrect.'],
};

/** Checks a test card as Stripe would and answers the decline, or nothing when it succeeds. */
export function judgeTestCard(
  card: { number: string; expiry: string; cvc: string },
  now = new Date(),
): CardError | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^[0-9]{12,19}$/.test(digits) || !luhn(digits)) {
    return new CardError('invalid_number', 'Your card number is invalid.');
  }
  const [mm, yy] = card.expiry.split('/').map((s) => Number(s.trim()));
  const expiresAfter = new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1)); // first day after the month
  if (!(expiresAfter > now))
    return new CardError('invalid_expiry_year', "Your card's expiration year is in the past.");
  const decline = DECLINES[digits];
  return decline ? new CardError(decline[0], decline[1]) : null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The built-in test-mode card processor: the shop takes a test payment offline, answering
 * Stripe's test card numbers as Stripe would. Payments live in the test_payments table.
 */
export function createTestProcessor(db: Db): PaymentProvider & {
  confirm(
    clientSecret: string,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<ProviderPayment>;
} {
  const toPayment = (row: typeof testPayments.$inferSelect): ProviderPayment => ({
    id: row.id,
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    clientSecret: row.clientSecret,
  });

  return {
    name: 'test',
    publishableKey: null,
    async createPayment({ orderId, amountCents, currency, idempotencyKey }) {
      const paymentId = id('pi_test');
      await db
        .insert(testPayments)
        .values({
          id: paymentId,
          clientSecret: `${paymentId}_secret_${randomBytes(12).toString('base64url')}`,
          idempotencyKey,
          orderId,
          amountCents,
          currency,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing({ target: testPayments.idempotencyKey });
      const [row] = await db
        .select()
        .from(testPayments)
        .where(eq(testPayments.idempotencyKey, idempotencyKey));
      return toPayment(row!);
    },
    async retrievePayment(paymentId) {
      const [row] = await db.select().from(testPayments).where(eq(testPayments.id, paymentId));
      return row ? toPayment(row) : null;
    },
    async confirm(clientSecret, card) {
      const [row] = await db
        .select()
        .from(testPayments)
        .where(eq(testPayments.clientSecret, clientSecret));
      if (!row) throw new CardError('resource_missing', 'This payment does not exist.');
      if (row.status === 'succeeded') return toPayment(row);
      if (row.status === 'canceled') {
        throw new CardError(
          'payment_intent_unexpected_state',
          'This payment was canceled. Please start the payment again.',
        );
      }
      const refusal = judgeTestCard(card);
      if (refusal) {
        await db
          .update(testPayments)
          .set({ lastError: refusal.code })
          .where(eq(testPayments.id, row.id));
        throw refusal;
      }
      const [done] = await db
        .update(testPayments)
        .set({ status: 'succeeded', lastError: null })
        .where(and(eq(testPayments.id, row.id), eq(testPayments.status, row.status)))
        .returning();
      if (!done) {
        // Canceled (or paid) meanwhile: answer what it is now, as Stripe would.
        const [now] = await db.select().from(testPayments).where(eq(testPayments.id, row.id));
        if (now?.status === 'succeeded') return toPayment(now);
        throw new CardError(
          'payment_intent_unexpected_state',
          'This payment was canceled. Please start the payment again.',
        );
      }
      return toPayment(done);
    },
    async cancelPayment(paymentId) {
      await db
        .update(testPayments)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(testPayments.id, paymentId),
            notInArray(testPayments.status, ['succeeded', 'canceled']),
          ),
        );
      const [row] = await db.select().from(testPayments).where(eq(testPayments.id, paymentId));
      if (!row) throw new Error(`No such payment: ${paymentId}`);
      return toPayment(row);
    },
    async refundPayment(paymentId) {
      await db
        .update(testPayments)
        .set({ refundId: id('re_test') })
        .where(
          and(
            eq(testPayments.id, paymentId),
            eq(testPayments.status, 'succeeded'),
            isNull(testPayments.refundId),
          ),
        );
      const [row] = await db.select().from(testPayments).where(eq(testPayments.id, paymentId));
      if (!row?.refundId) throw new Error(`Payment ${paymentId} cannot be refunded: not succeeded`);
      return { refundId: row.refundId };
    },
    async refundPart(paymentId, { amountCents, key }) {
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(testPayments)
          .where(eq(testPayments.id, paymentId))
          .for('update');
        const [same] = await tx
          .select()
          .from(testRefunds)
          .where(eq(testRefunds.idempotencyKey, `${paymentId}-${key}`));
        if (same) return { refundId: same.id };
        if (payment?.status !== 'succeeded' || payment.refundId)
          throw new Error(`Payment ${paymentId} cannot be refunded: not succeeded, or refunded`);
        const [{ refunded } = { refunded: 0 }] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${testRefunds.amountCents}), 0)::int` })
          .from(testRefunds)
          .where(eq(testRefunds.paymentId, paymentId));
        if (amountCents <= 0 || amountCents > payment.amountCents - Number(refunded))
          throw new Error(`Refund of ${amountCents} is more than is left of payment ${paymentId}`);
        const refundId = id('re_test');
        await tx.insert(testRefunds).values({
          id: refundId,
          paymentId,
          idempotencyKey: `${paymentId}-${key}`,
          amountCents,
        });
        return { refundId };
      });
    },
    async listSucceededPayments(sinceSeconds) {
      const rows = await db
        .select()
        .from(testPayments)
        .where(
          and(
            inArray(testPayments.status, ['succeeded']),
            gte(testPayments.createdAt, new Date(sinceSeconds * 1000)),
          ),
        )
        .orderBy(testPayments.createdAt);
      return rows.map(toPayment);
    },
  };
}
