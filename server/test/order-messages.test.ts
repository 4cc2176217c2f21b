import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminMessagesPage } from '@partsmith/contract/admin-lists';
import { contactMessages } from '../src/db/schema/index.ts';
import { ONE_DB } from './helpers.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';

// A buyer's message about one of their orders (POST /api/orders/:id/messages): it reaches the
// dashboard's Messages with the order and the shop's mailbox. Nothing in it depends on the
// database: PGlite alone.
describe.each(ONE_DB)('messages about an order on %s', (kind) => {
  const { shop, sent, fillCart, checkout, order } = paidOrderSuite(kind);
  const write = (id: string, body: unknown, cookie?: string) =>
    shop().t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/messages`,
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  const MESSAGE = 'The box had 1 DDR5 kit instead of 2. The seal was intact.';

  it("takes the buyer's message, names the order in Messages and mails the shop", async () => {
    const { t, alice, bob, owner } = shop();
    await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    const { number } = await order(id);

    // Only its buyer writes about it: another customer, an admin, nobody signed in, no such order.
    expect((await write(id, { topic: 'missing', message: MESSAGE })).statusCode).toBe(401);
    for (const cookie of [bob.cookie, owner.cookie]) {
      const refused = await write(id, { topic: 'missing', message: MESSAGE }, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('We could not find that order.');
    }
    const unknown = '0195f3c2-7a1b-7c3d-9e4f-123456789abc';
    expect(
      (await write(unknown, { topic: 'missing', message: MESSAGE }, alice.cookie)).statusCode,
    ).toBe(404);
    // What it is about is one of the page's topics; a message has 10 characters at least.
    const badTopic = await write(id, { topic: 'refund-now', message: MESSAGE }, alice.cookie);
    expect(badTopic.statusCode).toBe(400);
    expect(badTopic.body).toContain('Choose what your message is about');
    expect((await write(id, { topic: 'missing', message: 'short' }, alice.cookie)).statusCode).toBe(
      400,
    );
    expect(await t.database.db.select().from(contactMessages)).toEqual([]);

    const res = await write(id, { topic: 'missing', message: MESSAGE }, alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const insertedId = res.json().insertedId as string;
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, insertedId));
    expect(row).toMatchObject({
      email: 'alice@example.com',
      subject: 'Something is missing',
      message: MESSAGE,
      orderId: id,
      orderNumber: number,
    });
    expect(row!.mailedAt).not.toBeNull();

    // The shop's mail names the order and links to its page; a reply goes to the buyer.
    const mail = sent.find((m) => m.subject === `[Order ${number}] Something is missing`);
    expect(mail).toBeDefined();
    expect(mail!.replyTo).toBe('alice@example.com');
    expect(mail!.text).toContain(`/dashboard/orders/${id}`);
    expect(mail!.text).toContain('> The box had 1 DDR5 kit instead of 2.');

    // Messages finds it by the order's number, with the order to open.
    const list = await t.app.inject({
      url: `/api/admin/messages?q=${number}`,
      headers: { cookie: owner.cookie },
    });
    expect(list.statusCode).toBe(200);
    const page = AdminMessagesPage.parse(list.json());
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      _id: insertedId,
      subject: 'Something is missing',
      order: { _id: id, number },
    });
  });
});
