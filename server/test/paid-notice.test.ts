import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { cartLines, orderMails, users } from '../src/db/schema/index.ts';
import type { MailMessage } from '../src/mail/mailer.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { cartCalls, type Shopper } from './cart-helpers.ts';

// Issue 48: the shop hears of every paid order. The notice is queued with the payment (the same
// statement as the receipt) and goes to ORDER_NOTIFY_EMAILS, else to every admin when it is sent.

const NOTICE = /^Paid: order PS-O-\d{6} from /;

describe('ORDER_NOTIFY_EMAILS', () => {
  it('takes comma-separated addresses, lower-cased once each, and names a wrong one', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ORDER_NOTIFY_EMAILS: ' Orders@Shop.example, packing@shop.example,,orders@shop.example ',
    });
    expect(config.orderNotifyEmails).toEqual(['orders@shop.example', 'packing@shop.example']);
    expect(loadConfig({ NODE_ENV: 'test' }).orderNotifyEmails).toEqual([]);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ORDER_NOTIFY_EMAILS: 'orders@shop.example, the packers' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ORDER_NOTIFY_EMAILS: 'orders@shop.example, the packers' }),
    ).toThrow('ORDER_NOTIFY_EMAILS: "the packers" is not an e-mail address');
  });
});

/** A shop on a fresh database with Alice its customer and the admins of `env`'s ADMIN_EMAILS. */
function paidNoticeShop(kind: (typeof DB_KINDS)[number], env: Record<string, string>) {
  const { sent, mailer, mails } = recordingMailer();
  const shop = { t: undefined as unknown as TestApp, alice: undefined as unknown as Shopper };
  const calls = cartCalls(() => shop, sent);
  return {
    sent,
    shop,
    ...calls,
    async open(admins: string[]) {
      shop.t = await buildTestApp(kind, { env, deps: { mailer } });
      shop.alice = await signUp(shop.t, { email: 'alice@example.com', name: 'Alice Buyer', mails });
      for (const email of admins) await signUp(shop.t, { email, name: 'Owner', mails });
    },
    /** Alice's cart (three lines) checked out to Texas and paid, its mails sent. */
    async paidOrder() {
      const { t, alice } = shop;
      await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
      const parts = await calls.fillCart();
      const res = await calls.checkout(alice.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().insertedId as string;
      const { transactionId } = await calls.pay(id);
      await calls.settleMails();
      return { id, transactionId, parts };
    },
    notices: (id: string) => sent.filter((m) => NOTICE.test(m.subject) && m.text.includes(id)),
  };
}

describe.each(DB_KINDS)('the paid-order notice on %s', (kind) => {
  describe('without ORDER_NOTIFY_EMAILS', () => {
    const shop = paidNoticeShop(kind, {
      ADMIN_EMAILS: 'owner@example.com,partner@example.com',
      PUBLIC_URL: 'https://shop.example.com',
    });
    beforeAll(() => shop.open(['owner@example.com', 'partner@example.com']));
    afterAll(() => shop.shop.t.close());

    it('goes to every admin once per paid order, with the lines, the money, the buyer and the link', async () => {
      const { id, transactionId, parts } = await shop.paidOrder();
      const notices = shop.notices(id);
      expect(notices).toHaveLength(1);
      const [notice] = notices as [MailMessage];
      expect(notice.to).toBe('owner@example.com, partner@example.com');
      expect(notice.subject).toMatch(/^Paid: order PS-O-\d{6} from Alice Buyer, \$469\.03$/);
      const [memory, board, screws] = [parts.memory.sku, parts.board.sku, parts.screws.sku];
      const link = `https://shop.example.com/dashboard/orders/${id}`;
      for (const part of [notice.text, notice.html!]) {
        for (const fact of [
          'New paid order',
          'Alice Buyer',
          'alice@example.com',
          link,
          // Each line: its name, its part number and unit price, its quantity and its total.
          'Cart DDR5 32 GB',
          `Part no. ${memory} · $109.99 each`,
          '$219.98',
          'Cart AM5 board',
          `Part no. ${board} · $189.00 each`,
          'Cart M.2 screws',
          `Part no. ${screws} · $1.20 each`,
          '$14.40',
          // Where it ships.
          '500 Congress Ave',
        ])
          expect(part, fact).toContain(fact);
      }
      // The money, row by row, as columns in the text part.
      expect(notice.text).toMatch(/^Cart DDR5 32 GB +2 +\$219\.98$/m);
      expect(notice.text).toMatch(/^Cart M\.2 screws +12 +\$14\.40$/m);
      expect(notice.text).toMatch(/^Subtotal +\$423\.38$/m);
      expect(notice.text).toMatch(/^Shipping \(Standard, 3–5 business days\) +\$9\.90$/m);
      expect(notice.text).toMatch(/^Texas sales tax \(8\.25%\) +\$35\.75$/m);
      expect(notice.text).toMatch(/^Total paid +\$469\.03$/m);
      // The owner's mail: no invoice attached, nothing addressed to the buyer.
      expect(notice.attachments).toBeUndefined();
      expect(notice.text).not.toContain('Hello Alice');
      // The buyer's receipt still goes to the buyer alone.
      expect(
        shop.sent.filter((m) => /^Receipt/.test(m.subject) && m.text.includes(id)).map((m) => m.to),
      ).toEqual(['alice@example.com']);

      // Marking it paid again (the payment page's PATCH after the webhook did) changes nothing
      // and queues nothing more.
      const again = await shop.shop.t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${id}`,
        headers: { cookie: shop.shop.alice.cookie },
        payload: { transactionId },
      });
      expect(again.json()).toMatchObject({ modifiedCount: 0 });
      await shop.settleMails();
      expect(shop.notices(id)).toHaveLength(1);
    });

    it('goes to the admins there are when it is sent, and is dropped when there are none', async () => {
      const { db } = shop.shop.t.database;
      // A third admin made after the shop started gets the next notice.
      await signUp(shop.shop.t, {
        email: 'packer@example.com',
        name: 'Packer',
        mails: () => shop.sent.map((m) => `To: ${m.to}\n\n${m.text}`),
      });
      await db.update(users).set({ role: 'admin' }).where(eq(users.email, 'packer@example.com'));
      const { id } = await shop.paidOrder();
      expect(shop.notices(id).map((m) => m.to)).toEqual([
        'owner@example.com, partner@example.com, packer@example.com',
      ]);

      // No admin at all (a shop being set up): nothing is sent, nothing stays queued.
      await db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
      try {
        const { id: alone } = await shop.paidOrder();
        expect(shop.notices(alone)).toEqual([]);
        expect(await db.select().from(orderMails)).toEqual([]);
      } finally {
        await db.update(users).set({ role: 'admin' }).where(eq(users.email, 'owner@example.com'));
      }
    });
  });

  describe('with ORDER_NOTIFY_EMAILS', () => {
    const shop = paidNoticeShop(kind, {
      ADMIN_EMAILS: 'owner@example.com',
      ORDER_NOTIFY_EMAILS: 'Orders@Shop.example, packing@shop.example',
    });
    beforeAll(() => shop.open(['owner@example.com']));
    afterAll(() => shop.shop.t.close());
    beforeEach(() => {
      shop.sent.length = 0;
    });

    it('goes to those addresses only, once', async () => {
      const { id } = await shop.paidOrder();
      const notices = shop.notices(id);
      expect(notices.map((m) => m.to)).toEqual(['orders@shop.example, packing@shop.example']);
      expect(notices[0]!.text).toContain(`${shop.shop.t.config.publicUrl}/dashboard/orders/${id}`);
      // The admin is not sent a copy.
      expect(shop.sent.filter((m) => m.to.includes('owner@example.com'))).toEqual([]);
    });

    it('is not sent for an order that is not paid', async () => {
      const { t, alice } = shop.shop;
      await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
      await shop.fillCart();
      const res = await shop.checkout(alice.cookie);
      const id = res.json().insertedId as string;
      await shop.settleMails();
      // The order's confirmation went out; no notice for it.
      expect(shop.sent.some((m) => m.to === 'alice@example.com' && m.text.includes(id))).toBe(true);
      expect(shop.notices(id)).toEqual([]);
    });
  });
});
