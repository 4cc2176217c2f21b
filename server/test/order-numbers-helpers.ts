import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { Cart, Order, OrderList } from '@partsmith/contract';
import { cartLines } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import type { MailMessage } from '../src/mail/mailer.ts';
import type { TestApp } from './helpers.ts';
import { ADDRESS, PHONE, cartCalls, type Shopper } from './cart-helpers.ts';
import { insertOrders } from './order-rows.ts';

/** A short random tag: each test's parts have names and part numbers of their own. */
export const tag = () => Math.random().toString(36).slice(2, 7);

/**
 * The calls order-numbers.test.ts makes (the cart suites' too), on the shop `shop()` answers:
 * Alice buys, Owner is its admin.
 */
export function orderCalls(
  shop: () => { t: TestApp; alice: Shopper; owner: Shopper },
  sent: MailMessage[],
) {
  const cart = cartCalls(shop, sent);
  const app = () => shop().t.app;
  const db = () => shop().t.database.db;
  const purchase = async (cookie: string, partId: string, quantity: number) => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie },
      payload: { partId, quantity, address: ADDRESS, phone: PHONE },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };
  /** Alice's (or `cookie`'s) cart filled with these lines, then checked out: the order's id. */
  const checkedOut = async (cookie: string, lines: [string, number][]) => {
    for (const [partId, quantity] of lines)
      expect((await cart.put(cookie, partId, quantity)).statusCode).toBe(200);
    const res = await cart.checkout(cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };
  const list = (cookie: string, email: string, q?: string) =>
    app().inject({
      url: `/api/orders?userEmail=${encodeURIComponent(email)}${
        q === undefined ? '' : `&q=${encodeURIComponent(q)}`
      }`,
      headers: { cookie },
    });
  /** The ids of the orders a search finds (Alice's own, unless told). */
  const found = async (q: string, cookie = shop().alice.cookie, email = 'alice@example.com') => {
    const res = await list(cookie, email, q);
    expect(res.statusCode, res.body).toBe(200);
    return OrderList.parse(res.json()).map((o) => o._id);
  };
  const one = async (id: string, cookie = shop().alice.cookie) => {
    const res = await app().inject({ url: `/api/purchase/${id}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return Order.parse(res.json());
  };
  const adminPage = (query: string) =>
    app().inject({ url: `/api/allPurchases?${query}`, headers: { cookie: shop().owner.cookie } });
  const reorder = (id: string, cookie?: string) =>
    app().inject({
      method: 'POST',
      url: `/api/orders/${id}/reorder`,
      headers: cookie ? { cookie } : {},
    });
  const cartOf = async (cookie: string) =>
    Cart.parse((await app().inject({ url: '/api/cart', headers: { cookie } })).json());
  const emptyCart = (shopper: Shopper) =>
    db().delete(cartLines).where(eq(cartLines.userId, shopper.user.id));

  /** Three parts: one with the part number an admin gave, two with generated ones. */
  async function threeParts() {
    const n = tag();
    const memory = await insertPart(db(), {
      name: `Forge DDR5 32 GB ${n}`,
      sku: `RAM-DDR5-${n.toUpperCase()}`,
      priceCents: 10_999,
      availableQuantity: 100,
    });
    const board = await insertPart(db(), {
      name: `Anvil AM5 board ${n}`,
      priceCents: 18_900,
      availableQuantity: 100,
    });
    const screws = await insertPart(db(), {
      name: `Rivet M.2 screws ${n}`,
      priceCents: 150,
      availableQuantity: 100,
      minOrderQuantity: 5,
    });
    return { memory, board, screws };
  }

  /** An order of Alice's written before part numbers (its line has none): its row. */
  async function legacyOrder(part: { id: string | null; name: string }) {
    const [row] = await insertOrders(db(), {
      userId: shop().alice.user.id,
      partId: part.id,
      name: part.name,
      image: '',
      description: '',
      unitPriceCents: 100,
      quantity: 1,
      userEmail: 'alice@example.com',
      userName: 'Alice Buyer',
      address: ADDRESS,
      phone: PHONE,
      stockAfter: 0,
    });
    return row!;
  }

  return {
    ...cart,
    purchase,
    checkedOut,
    list,
    found,
    one,
    adminPage,
    reorder,
    cartOf,
    emptyCart,
    threeParts,
    legacyOrder,
  };
}
