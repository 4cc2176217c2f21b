import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CheckoutProblem, Order, Quote } from '@partsmith/contract';
import { auditLog, orders, parts, quoteMails, quotes } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp, MAIL_WAIT, recordingMailer } from './helpers.ts';
import { addressBook } from './address-helpers.ts';
import { signUp } from './auth-helpers.ts';

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(DB_KINDS)('quotes on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };
  let owner: { cookie: string };
  const { sent, mailer, mails } = recordingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com' },
      deps: { mailer },
    });
    alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer', mails });
    bob = await signUp(t, { email: 'bob@example.com', name: 'Bob Other', mails });
    owner = await signUp(t, { email: 'owner@example.com', name: 'Owner', mails });
  });
  afterAll(() => t.close());

  const request = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/quotes', headers: { cookie }, payload });
  const answer = (id: string, payload: object, cookie = owner.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/quotes/${id}`, headers: { cookie }, payload });
  const addressOf = addressBook(() => t);
  const accept = async (id: string, cookie = alice.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/accept`,
      headers: { cookie },
      payload: { addressId: await addressOf(cookie) },
    });
  const list = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/quotes', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((q) => Quote.parse(q));
  };
  const stockOf = async (id: string) =>
    (
      await t.database.db.select({ q: parts.availableQuantity }).from(parts).where(eq(parts.id, id))
    )[0]!.q;
  const settleMails = async () => {
    await vi.waitFor(
      async () => expect(await t.database.db.select().from(quoteMails)).toEqual([]),
      MAIL_WAIT,
    );
    await t.app.quoteMails.drain();
  };

  /** Two parts; Alice asks for 200 and 40 units. */
  async function requested(stock = 500) {
    const fan = await insertPart(t.database.db, {
      name: `Quote fan ${Math.random().toString(36).slice(2, 7)}`,
      priceCents: 1_500,
      availableQuantity: stock,
      minOrderQuantity: 10,
      priceBreaks: [{ minQuantity: 100, priceCents: 1_300 }],
    });
    const psu = await insertPart(t.database.db, {
      name: `Quote PSU ${Math.random().toString(36).slice(2, 7)}`,
      priceCents: 12_000,
      availableQuantity: stock,
      minOrderQuantity: 1,
    });
    const res = await request(alice.cookie, {
      lines: [
        { partId: fan.id, quantity: 200 },
        { partId: psu.id, quantity: 40 },
      ],
      message: 'For our workshop, delivery in March.',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { fan, psu, quote: Quote.parse(res.json()) };
  }
  async function answered(validUntil = day(14)) {
    const r = await requested();
    const res = await answer(r.quote._id, {
      lines: [
        { partId: r.fan.id, unitPrice: 11.5 },
        { partId: r.psu.id, unitPrice: 99 },
      ],
      validUntil,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...r, quote: Quote.parse(res.json()) };
  }

  it('takes a request at list prices, tells the admins, and shows it to its owner and the admins only', async () => {
    sent.length = 0;
    const { quote, fan } = await requested();
    expect(quote).toMatchObject({
      status: 'requested',
      userEmail: 'alice@example.com',
      message: 'For our workshop, delivery in March.',
      total: null,
      validUntil: null,
      orderId: null,
    });
    expect(quote.number).toMatch(/^Q-\d{6}$/);
    expect(quote.lines.map((l) => [l.quantity, l.listPrice, l.unitPrice])).toEqual([
      [200, 13, null],
      [40, 120, null],
    ]);
    await settleMails();
    const toAdmins = sent.filter(
      (m) => m.to === 'owner@example.com' && /Quote request/.test(m.subject),
    );
    expect(toAdmins).toHaveLength(1);
    expect(toAdmins[0]!.text).toContain(`200 x ${fan.name}`);
    // Manage Quotes searched by the quote's number: the request opens on its own there.
    expect(toAdmins[0]!.text).toContain(`/dashboard/manage-quotes?q=${quote.number}\n`);

    expect((await list(alice.cookie)).map((q) => q._id)).toContain(quote._id);
    expect((await list(bob.cookie)).map((q) => q._id)).not.toContain(quote._id);
    expect((await list(owner.cookie)).map((q) => q._id)).toContain(quote._id);
    const theirs = await t.app.inject({
      url: `/api/quotes/${quote._id}`,
      headers: { cookie: bob.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      url: `/api/quotes/${quote._id}`,
      headers: { cookie: alice.cookie },
    });
    expect(mine.statusCode).toBe(200);
    // Bob cannot accept or answer it either.
    expect((await accept(quote._id, bob.cookie)).statusCode).toBe(404);
    expect(
      (await answer(quote._id, { lines: [], validUntil: day(3) }, bob.cookie)).statusCode,
    ).toBe(403);
  });

  it('refuses requests it cannot price, with a message', async () => {
    const part = await insertPart(t.database.db, { name: 'Quote min', minOrderQuantity: 10 });
    const below = await request(alice.cookie, { lines: [{ partId: part.id, quantity: 2 }] });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('Quote min: the minimum order is 10 units.');
    const twice = await request(alice.cookie, {
      lines: [
        { partId: part.id, quantity: 10 },
        { partId: part.id, quantity: 20 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Each part may appear once');
    const none = await request(alice.cookie, { lines: [] });
    expect(none.statusCode).toBe(400);
    const gone = await request(alice.cookie, {
      lines: [{ partId: '00000000-0000-4000-8000-000000000000', quantity: 10 }],
    });
    expect(gone.statusCode).toBe(422);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      payload: { lines: [{ partId: part.id, quantity: 10 }] },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('lets an admin answer every line with a price and a last day, mailed to the customer and audited', async () => {
    sent.length = 0;
    const r = await requested();
    const missing = await answer(r.quote._id, {
      lines: [{ partId: r.fan.id, unitPrice: 11.5 }],
      validUntil: day(14),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(`Give a unit price for ${r.psu.name}.`);
    const past = await answer(r.quote._id, {
      lines: [
        { partId: r.fan.id, unitPrice: 11.5 },
        { partId: r.psu.id, unitPrice: 99 },
      ],
      validUntil: day(-2),
    });
    expect(past.statusCode).toBe(422);

    const res = await answer(r.quote._id, {
      lines: [
        { partId: r.fan.id, unitPrice: 11.5 },
        { partId: r.psu.id, unitPrice: 99 },
      ],
      validUntil: day(14),
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = Quote.parse(res.json());
    expect(quote.status).toBe('answered');
    expect(quote.total).toBe(200 * 11.5 + 40 * 99);
    expect(quote.validUntil).toBe(`${day(14)}T23:59:59.999Z`);
    await settleMails();
    const toAlice = sent.filter(
      (m) => m.to === 'alice@example.com' && /Your quote Q-/.test(m.subject),
    );
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0]!.subject).toContain('$6,260.00');
    expect(toAlice[0]!.text).toContain('$11.50 each, $2,300.00');
    expect(toAlice[0]!.text).toContain('/dashboard/quotes');
    expect(toAlice[0]!.html).toContain('$2,300.00</td>');
    expect(toAlice[0]!.html).toContain('>See the quote in My Quotes</a>');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, r.quote._id));
    expect(audited.map((a) => a.action)).toEqual(['quote.answer']);
  });

  it("carries the admin's message with the answer: trimmed, at most 2000 characters, shown to the customer and mailed", async () => {
    sent.length = 0;
    const r = await requested();
    expect(r.quote.answerMessage).toBe('');
    const prices = [
      { partId: r.fan.id, unitPrice: 11.5 },
      { partId: r.psu.id, unitPrice: 99 },
    ];
    const long = await answer(r.quote._id, {
      lines: prices,
      validUntil: day(14),
      message: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Keep the message under 2000 characters');

    const message = '  Two weeks from the order.\n<b>Bulk</b> price & free cables.  ';
    const res = await answer(r.quote._id, { lines: prices, validUntil: day(14), message });
    expect(res.statusCode, res.body).toBe(200);
    const said = 'Two weeks from the order.\n<b>Bulk</b> price & free cables.';
    expect(Quote.parse(res.json()).answerMessage).toBe(said);
    // The customer reads it with the quote.
    const mine = await t.app.inject({
      url: `/api/quotes/${r.quote._id}`,
      headers: { cookie: alice.cookie },
    });
    expect(Quote.parse(mine.json()).answerMessage).toBe(said);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, r.quote._id));
    expect(row!.answerMessage).toBe(said);
    // And in the answer's mail, as written, after the prices.
    await settleMails();
    const [mail] = sent.filter((m) => m.to === 'alice@example.com' && /Your quote/.test(m.subject));
    expect(mail!.text).toContain(`Total: $6,260.00\n\nA note from us:\n\n${said}\n\n`);
    // Its HTML part shows the note as text, never as markup.
    expect(mail!.html).toContain('&lt;b&gt;Bulk&lt;/b&gt; price &amp; free cables.');
    expect(mail!.html).not.toContain('<b>Bulk</b>');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, r.quote._id));
    expect(audit!.after).toMatchObject({ message: said });

    // Answering again without one replaces it: the new mail has no note.
    sent.length = 0;
    const again = await answer(r.quote._id, { lines: prices, validUntil: day(10) });
    expect(Quote.parse(again.json()).answerMessage).toBe('');
    await settleMails();
    const [second] = sent.filter((m) => m.to === 'alice@example.com');
    expect(second!.text).not.toContain('A note from us');
  });

  it('turns an accepted quote into one unpaid order at the quoted prices, paid as any order', async () => {
    sent.length = 0;
    const { quote, fan, psu } = await answered();
    const res = await accept(quote._id);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().insertedId as string;
    expect(await stockOf(fan.id)).toBe(300);
    expect(await stockOf(psu.id)).toBe(460);
    const order = Order.parse(
      (
        await t.app.inject({ url: `/api/purchase/${orderId}`, headers: { cookie: alice.cookie } })
      ).json(),
    );
    // The quoted lines come to $6,260.00; shipped to Texas free (Standard, above $500) and taxed
    // 8.25%: $516.45.
    expect(order).toMatchObject({ subtotal: 6260, shipping: 0, total: 6776.45 });
    expect(order.taxes).toEqual([{ name: 'Texas sales tax', rate: 8.25, amount: 516.45 }]);
    expect(order.paid).toBe(false);
    expect(order.lines?.map((l) => [l.name, l.quantity, l.price])).toEqual([
      [fan.name, 200, 11.5],
      [psu.name, 40, 99],
    ]);
    // The payment is for the order's total: the quoted lines and their sales tax.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: alice.cookie },
      payload: { orderId },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(6776.45);

    const after = Quote.parse(
      (
        await t.app.inject({ url: `/api/quotes/${quote._id}`, headers: { cookie: alice.cookie } })
      ).json(),
    );
    expect(after).toMatchObject({ status: 'accepted', orderId });
    // Accepting again answers the same order; the prices cannot change any more.
    const again = await accept(quote._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().insertedId).toBe(orderId);
    const reprice = await answer(quote._id, {
      lines: [
        { partId: fan.id, unitPrice: 1 },
        { partId: psu.id, unitPrice: 1 },
      ],
      validUntil: day(3),
    });
    expect(reprice.statusCode).toBe(409);
    await settleMails();
    expect(sent.filter((m) => /accepted by Alice Buyer/.test(m.subject))).toHaveLength(1);
  });

  it('makes one order when the same quote is accepted from two tabs at once', async () => {
    const { quote, fan } = await answered();
    const before = await t.database.db.$count(orders);
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(quote._id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().insertedId)).size).toBe(1);
    expect(await t.database.db.$count(orders)).toBe(before + 1);
    expect(await stockOf(fan.id)).toBe(300);
  });

  it('answers 410 for an expired quote, and 409 naming the line the stock cannot serve', async () => {
    const { quote } = await answered();
    await t.database.db
      .update(quotes)
      .set({ validUntil: sql`now() - interval '1 minute'` })
      .where(eq(quotes.id, quote._id));
    const expired = await accept(quote._id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/^This quote expired on .+\. Ask us for a new one\.$/);
    expect(Quote.parse((await list(alice.cookie)).find((q) => q._id === quote._id)).status).toBe(
      'expired',
    );

    const r = await answered();
    await t.database.db.update(parts).set({ availableQuantity: 30 }).where(eq(parts.id, r.psu.id));
    const short = await accept(r.quote._id);
    expect(short.statusCode).toBe(409);
    const problem = CheckoutProblem.parse(short.json());
    expect(problem.lines.map((l) => l.name)).toEqual([r.psu.name]);
    // Nothing taken, no order, the quote still open.
    expect(await stockOf(r.fan.id)).toBe(500);
    expect(await stockOf(r.psu.id)).toBe(30);
    const still = Quote.parse(
      (
        await t.app.inject({ url: `/api/quotes/${r.quote._id}`, headers: { cookie: alice.cookie } })
      ).json(),
    );
    expect(still).toMatchObject({ status: 'answered', orderId: null });

    const unanswered = await requested();
    const early = await accept(unanswered.quote._id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('This quote has not been answered yet.');
  });

  it('lists open requests first for the admins', async () => {
    await answered();
    const open = await requested();
    const all = await list(owner.cookie);
    const firstAnswered = all.findIndex((q) => q.status !== 'requested');
    const lastRequested = all.map((q) => q.status).lastIndexOf('requested');
    expect(lastRequested).toBeLessThan(firstAnswered);
    expect(all.some((q) => q._id === open.quote._id)).toBe(true);
  });
});
