import { afterAll, beforeAll, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartLines } from '../src/db/schema/index.ts';
import { recordingMailer, type DbKind } from './helpers.ts';
import { cartCalls, openCartShop, type CartShop } from './cart-helpers.ts';

// A checked-out cart once paid: its invoice (order-invoices.test.ts and its figures,
// order-invoice-figures.test.ts), its shipping and refund (order-shipping-refunds.test.ts). The
// cart and the checkout are in cart-checkout.test.ts. What the suites after payment share.

/**
 * The cart suites' shop (openCartShop) for the `describe` that calls this: opened before its
 * tests, closed after them; `shop()` answers it once it is open. With the cart suites' calls on
 * it (cartCalls), its mail in `sent`.
 */
export function paidOrderSuite(kind: DbKind) {
  const { sent, mailer, mails } = recordingMailer();
  let opened: CartShop;
  beforeAll(async () => {
    opened = await openCartShop(kind, mailer, mails);
  });
  afterAll(() => opened.t.close());
  // Each test starts with Alice's cart empty.
  beforeEach(async () => {
    await opened.t.database.db.delete(cartLines).where(eq(cartLines.userId, opened.alice.user.id));
  });
  const shop = () => opened;
  return { shop, sent, ...cartCalls(shop, sent) };
}
