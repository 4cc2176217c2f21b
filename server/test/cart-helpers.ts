import { expect, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Cart, Order } from '@partsmith/contract';
import { orderMails, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { buildTestApp, MAIL_WAIT, type DbKind, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { addressBook } from './address-helpers.ts';

export const ADDRESS = '1 Main Street, Springfield, IL 62701';
export const PHONE = '+1 (217) 555-0100';
export const CARD = {
  number: '4242424242424242',
  expiry: '12 / 39',
  cvc: '123',
  name: 'Alice Buyer',
};
export const YEAR = new Date().getUTCFullYear();

export interface Shopper {
  cookie: string;
  user: { id: string };
}

/** The cart suites' shop: owner@example.com its admin, Alice and Bob its customers. */
export interface CartShop {
  t: TestApp;
  alice: Shopper;
  bob: Shopper;
  owner: { cookie: string };
}

/** A shop on a fresh database whose mail goes to `mailer`, with its three accounts signed up. */
export async function openCartShop(
  kind: DbKind,
  mailer: Mailer,
  mails: () => string[],
): Promise<CartShop> {
  const t = await buildTestApp(kind, {
    env: { ADMIN_EMAILS: 'owner@example.com' },
    deps: { mailer },
  });
  const alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer', mails });
  const bob = await signUp(t, { email: 'bob@example.com', name: 'Bob Other', mails });
  const owner = await signUp(t, { email: 'owner@example.com', name: 'Owner', mails });
  return { t, alice, bob, owner };
}

/** The calls the cart suites make, on the shop `shop()` answers (set once it is open). */
export function cartCalls(shop: () => { t: TestApp; alice: Shopper }, sent: MailMessage[]) {
  const put = (cookie: string, partId: string, quantity: unknown) =>
    shop().t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${partId}`,
      headers: { cookie },
      payload: { quantity },
    });
  const cart = async (cookie: string) =>
    Cart.parse((await shop().t.app.inject({ url: '/api/cart', headers: { cookie } })).json());
  const addressOf = addressBook(() => shop().t);
  /** Checks out the cart to the account's Texas address (added on first use) by the cheapest method. */
  const checkout = async (
    cookie: string,
    headers: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) =>
    shop().t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie, ...headers },
      payload: { addressId: await addressOf(cookie), ...body },
    });
  const stockOf = async (id: string) =>
    (
      await shop()
        .t.database.db.select({ q: parts.availableQuantity })
        .from(parts)
        .where(eq(parts.id, id))
    )[0]!.q;
  const order = async (id: string, cookie = shop().alice.cookie) =>
    Order.parse(
      (await shop().t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie } })).json(),
    );
  /** Three parts in Alice's cart (2 + 1 + 12 units; the third at its volume price). */
  async function fillCart(cookie = shop().alice.cookie, stock = 50) {
    const db = shop().t.database.db;
    const memory = await insertPart(db, {
      name: 'Cart DDR5 32 GB',
      priceCents: 10_999,
      availableQuantity: stock,
      minOrderQuantity: 1,
    });
    const board = await insertPart(db, {
      name: 'Cart AM5 board',
      priceCents: 18_900,
      availableQuantity: stock,
      minOrderQuantity: 1,
    });
    const screws = await insertPart(db, {
      name: 'Cart M.2 screws',
      priceCents: 150,
      availableQuantity: stock,
      minOrderQuantity: 5,
      priceBreaks: [{ minQuantity: 10, priceCents: 120 }],
    });
    for (const [part, quantity] of [
      [memory, 2],
      [board, 1],
      [screws, 12],
    ] as const) {
      const res = await put(cookie, part.id, quantity);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { memory, board, screws };
  }
  /** Pays an order with the test card, as the payment page does. */
  async function pay(id: string, cookie = shop().alice.cookie) {
    const { app } = shop().t;
    const intent = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { orderId: id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: { cookie },
      payload: { clientSecret: intent.json().clientSecret, ...CARD },
    });
    const transactionId = confirmed.json().id as string;
    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie },
      payload: { transactionId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { amount: intent.json().amount as number, transactionId };
  }
  /** Every queued order mail sent. */
  const settleMails = async () => {
    const { t } = shop();
    await vi.waitFor(
      async () => expect(await t.database.db.select().from(orderMails)).toEqual([]),
      MAIL_WAIT,
    );
    await t.app.orderMails.drain();
  };
  const mailsTo = (email: string, subject: RegExp) =>
    sent.filter((m) => m.to === email && subject.test(m.subject));
  return { put, cart, checkout, addressOf, stockOf, order, fillCart, pay, settleMails, mailsTo };
}
