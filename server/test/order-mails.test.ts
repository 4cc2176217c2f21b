import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderMails } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { createOrderMailSender } from '../src/modules/orders/mail-outbox.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { DB_KINDS, buildTestApp, type TestApp, MAIL_WAIT } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

/** Order confirmations go through the `order_mails` outbox (decision 037). */
describe.each(DB_KINDS)('order confirmation mails on %s', (kind) => {
  let t: TestApp;
  let buyer: { cookie: string };
  const sent: MailMessage[] = [];
  let refuse = false;
  const mailer: Mailer = {
    target: 'test',
    async send(message) {
      if (refuse && message.subject.startsWith('Your Partsmith order'))
        throw new Error('the mail server is down');
      sent.push(message);
    },
    close() {},
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { deps: { mailer } });
    buyer = await signUp(t, {
      email: 'mailed@example.com',
      name: 'Mailed Buyer',
      mails: () => sent.map((m) => `To: ${m.to}\n\n${m.text}`),
    });
  });
  afterAll(() => t.close());

  const buy = async (partId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { partId, quantity: 1, address: '1 Main Street, Springfield', phone: '+1 555 0100' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ insertedId: string }>().insertedId;
  };
  const queued = async () => t.database.db.select().from(orderMails);
  const confirmations = () => sent.filter((m) => m.subject.startsWith('Your Partsmith order'));

  it('queues the mail with the order and sends it after the answer, once', async () => {
    const part = await insertPart(t.database.db, {
      name: 'Outbox Fan',
      availableQuantity: 5,
      minOrderQuantity: 1,
    });
    const id = await buy(part.id);
    await vi.waitFor(
      () => expect(confirmations().some((m) => m.text.includes(id))).toBe(true),
      MAIL_WAIT,
    );
    await vi.waitFor(async () => expect(await queued()).toEqual([]), MAIL_WAIT);
    await t.app.orderMails.drain();
    expect(confirmations().filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('sends a batch of many queued mails in one pass, each once', async () => {
    const part = await insertPart(t.database.db, {
      name: 'Outbox Cable',
      availableQuantity: 50,
      minOrderQuantity: 1,
    });
    // Several purchases at once: the sender takes their mails together (one order lookup and
    // one delete with an array parameter).
    const ids = await Promise.all(Array.from({ length: 7 }, () => buy(part.id)));
    await vi.waitFor(async () => expect(await queued()).toEqual([]), MAIL_WAIT);
    await t.app.orderMails.drain();
    for (const id of ids) {
      expect(
        confirmations().filter((m) => m.text.includes(id)),
        id,
      ).toHaveLength(1);
    }
  });

  it('keeps a mail the mail server refused, with its error, for a later attempt', async () => {
    refuse = true;
    const part = await insertPart(t.database.db, {
      name: 'Outbox Cable',
      availableQuantity: 5,
      minOrderQuantity: 1,
    });
    const id = await buy(part.id);
    await vi.waitFor(async () => {
      const [row] = await queued();
      expect(row).toMatchObject({ attempts: 1, lastError: 'the mail server is down' });
      expect(row!.dueAt.getTime()).toBeGreaterThan(Date.now());
    }, MAIL_WAIT);
    expect(confirmations().some((m) => m.text.includes(id))).toBe(false);
    // Due again (as after its pause): the next pass sends it.
    refuse = false;
    await t.database.db.update(orderMails).set({ dueAt: new Date(Date.now() - 1000) });
    await t.app.orderMails.drain();
    expect(confirmations().filter((m) => m.text.includes(id))).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('two instances draining one queue at once send each mail once, and a mail whose sender died goes out after its claim runs out', async () => {
    const part = await insertPart(t.database.db, {
      name: 'Outbox Shared Queue',
      availableQuantity: 50,
      minOrderQuantity: 1,
    });
    const ids = await Promise.all(Array.from({ length: 12 }, () => buy(part.id)));
    await vi.waitFor(async () => expect(await queued()).toEqual([]), MAIL_WAIT);
    // The same 12 mails queued again, then two other instances' senders take the queue at once
    // (with this app's own sender, should its poll come round: a third instance).
    const sentBefore = sent.length;
    await t.database.db.insert(orderMails).values(ids.map((orderId) => ({ orderId })));
    const byInstance: MailMessage[][] = [[], []];
    const senders = byInstance.map((box) =>
      createOrderMailSender({
        db: t.database.db,
        mailer: { target: 'test', send: async (m) => void box.push(m), close() {} },
        log: t.app.log,
        publicUrl: 'http://localhost',
        seller: { ...t.config.seller, url: 'http://localhost' },
        renderPdf: t.app.invoicePdfs.render,
      }),
    );
    await Promise.all(senders.map((sender) => sender.drain()));
    const mailed = [...byInstance.flat(), ...sent.slice(sentBefore)].map((m) =>
      ids.find((id) => m.text.includes(id)),
    );
    expect(mailed.toSorted()).toEqual(ids.toSorted());
    expect(await queued()).toEqual([]);

    // A sender claimed a mail and died before sending it: the claim holds it back (no other
    // instance takes it) until the claim runs out, then a sender takes it.
    const [order] = ids;
    await t.database.db
      .insert(orderMails)
      .values({ orderId: order!, attempts: 1, dueAt: new Date(Date.now() + 300_000) });
    await senders[0]!.drain();
    expect(await queued()).toHaveLength(1);
    const mailsOf = () =>
      [...byInstance.flat(), ...sent].filter((m) => m.text.includes(order!)).length;
    const before = mailsOf();
    await t.database.db.update(orderMails).set({ dueAt: new Date(Date.now() - 1000) });
    // Whichever instance comes first (this app's own sender may): it goes out once.
    await Promise.all([senders[1]!.drain(), t.app.orderMails.drain()]);
    await vi.waitFor(async () => expect(await queued()).toEqual([]), MAIL_WAIT);
    expect(mailsOf() - before).toBe(1);
    await Promise.all(senders.map((sender) => sender.close()));
  });
});
