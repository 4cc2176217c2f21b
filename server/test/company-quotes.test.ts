import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Quote } from '@partsmith/contract';
import { AdminQuotesPage } from '@partsmith/contract/admin-lists';
import * as z from 'zod';
import { eq } from 'drizzle-orm';
import { categories, parts as partsTable } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { addressBook } from './address-helpers.ts';
import { signUp } from './auth-helpers.ts';
import { callWith, joinWith } from './company-helpers.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

const Quotes = z.array(Quote);
const NOT_FOUND = 'We could not find that quote.';

/**
 * Issue 49: a company's quotes and invoices are read by its owner, admins and approvers, each
 * buyer reads their own; a member's quote lines carry their company's price (decision 064).
 */
describe.each(DB_KINDS)("a company's quotes on %s", (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const people: Record<string, string> = {};
  let companyId = '';
  const part = { cpu: '', board: '', ram: '' };
  /** Quotes by who asked: bob's (a buyer), out's (in no company), late's (before joining). */
  const asked: Record<string, Quote> = {};

  const send = callWith(() => t);
  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    send(people[who]!, method, url, payload);
  const addressOf = addressBook(() => t);
  const requestQuote = async (who: string) => {
    const res = await call(who, 'POST', '/api/quotes', {
      lines: [
        { partId: part.cpu, quantity: 2 },
        { partId: part.board, quantity: 4 },
        { partId: part.ram, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return Quote.parse(res.json());
  };
  const join = joinWith(call, mail.sent, () => companyId, 'olive');
  const companyQuotes = async (who: string) => {
    const res = await call(who, 'GET', '/api/company/quotes');
    expect(res.statusCode, res.body).toBe(200);
    return Quotes.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com' },
      deps: { mailer: mail.mailer },
    });
    for (const name of ['shop', 'olive', 'amy', 'bob', 'bea', 'late', 'out']) {
      const email = `${name}@${name === 'shop' ? 'example.com' : 'cq.example'}`;
      people[name] = (await signUp(t, { email, name, mails: mail.mails })).cookie;
    }
    const created = await call('olive', 'POST', '/api/auth/organization/create', {
      name: 'Quote Works',
      slug: 'quote-works',
    });
    expect(created.statusCode, created.body).toBe(200);
    companyId = created.json().id;
    await join('amy', 'amy@cq.example', 'approver');
    await join('bob', 'bob@cq.example', 'buyer');
    await join('bea', 'bea@cq.example', 'buyer');

    const { db } = t.database;
    await db.insert(categories).values({ slug: 'cq-cpu', name: 'Company quote CPUs' });
    const parts = [
      { sku: 'CQ-CPU-1', name: 'Quoted CPU', priceCents: 30_000, category: 'cq-cpu' },
      // $95 each from 4 units; 10% off its $100 list price is $90.
      {
        sku: 'CQ-CPU-2',
        name: 'Quoted board',
        priceCents: 10_000,
        priceBreaks: [{ minQuantity: 4, priceCents: 9_500 }],
        category: 'cq-cpu',
      },
      { sku: 'CQ-RAM-1', name: 'Quoted memory', priceCents: 5_000 },
    ];
    const [cpu, board, ram] = await Promise.all(
      parts.map(async (p) => (await insertPart(db, { ...p, availableQuantity: 1_000 })).id),
    );
    Object.assign(part, { cpu, board, ram });
    const list = await call('shop', 'POST', '/api/admin/price-lists', {
      name: 'Quote Works prices',
      prices: [{ partId: part.cpu, price: 240.5 }],
      discounts: [{ category: 'cq-cpu', percent: 10 }],
    });
    expect(list.statusCode, list.body).toBe(201);
    const terms = await call('shop', 'PUT', `/api/admin/companies/${companyId}`, {
      priceListId: list.json()._id,
      paymentTerms: 'net30',
      creditLimit: 100_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);

    // late asks before joining the company; bob and out once each.
    asked.late = await requestQuote('late');
    await join('late', 'late@cq.example', 'buyer');
    asked.bob = await requestQuote('bob');
    asked.out = await requestQuote('out');
  });
  afterAll(() => t.close());

  it("carries the company's price on a member's lines beside the list price", () => {
    expect(asked.bob!.lines.map((l) => [l.listPrice, l.companyPrice])).toEqual([
      [300, 240.5], // the list's fixed price
      [95, 90], // 10% off the $100 list price, below the 4-unit break
      [50, null], // nothing on the list for it
    ]);
    expect(asked.out!.lines.map((l) => l.companyPrice)).toEqual([null, null, null]);
    // Answered to late before joining: no company price then (read today, it has one: below).
    expect(asked.late!.lines.map((l) => l.companyPrice)).toEqual([null, null, null]);
  });

  it('never puts a company price above the list price the line was asked at', async () => {
    // The board's list price doubles after the request, its break gone: 10% off is $180 now.
    const setBoard = (
      priceCents: number,
      priceBreaks: { minQuantity: number; priceCents: number }[],
    ) =>
      t.database.db
        .update(partsTable)
        .set({ priceCents, priceBreaks })
        .where(eq(partsTable.id, part.board));
    await setBoard(20_000, []);
    try {
      const read = Quote.parse((await call('bob', 'GET', `/api/quotes/${asked.bob!._id}`)).json());
      expect(read.lines[1]).toMatchObject({ listPrice: 95, companyPrice: 95 });
    } finally {
      await setBoard(10_000, [{ minQuantity: 4, priceCents: 9_500 }]);
    }
  });

  it('shows the shop admin the company price when answering, in the list and the table', async () => {
    const one = Quote.parse((await call('shop', 'GET', `/api/quotes/${asked.bob!._id}`)).json());
    expect(one.lines.map((l) => l.companyPrice)).toEqual([240.5, 90, null]);
    const all = Quotes.parse((await call('shop', 'GET', '/api/quotes')).json());
    const byId = new Map(all.map((q) => [q._id, q.lines.map((l) => l.companyPrice)]));
    expect(byId.get(asked.bob!._id)).toEqual([240.5, 90, null]);
    expect(byId.get(asked.late!._id)).toEqual([240.5, 90, null]);
    expect(byId.get(asked.out!._id)).toEqual([null, null, null]);
    const page = await call('shop', 'GET', '/api/admin/quotes?limit=10');
    expect(page.statusCode, page.body).toBe(200);
    const table = AdminQuotesPage.parse(page.json()).items.find((q) => q._id === asked.bob!._id);
    expect(table!.lines.map((l) => l.companyPrice)).toEqual([240.5, 90, null]);
  });

  it("lets the company's owner and approver read a buyer's quote; not another buyer nor an outsider", async () => {
    for (const who of ['bob', 'olive', 'amy']) {
      const res = await call(who, 'GET', `/api/quotes/${asked.bob!._id}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(Quote.parse(res.json())).toMatchObject({
        userName: 'bob',
        userEmail: 'bob@cq.example',
      });
    }
    for (const who of ['bea', 'out', 'late']) {
      const res = await call(who, 'GET', `/api/quotes/${asked.bob!._id}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
    // An outsider's quote is not the company's, nor one its member asked before joining.
    for (const id of [asked.out!._id, asked.late!._id]) {
      expect((await call('amy', 'GET', `/api/quotes/${id}`)).statusCode).toBe(404);
    }
    expect((await call('late', 'GET', `/api/quotes/${asked.late!._id}`)).statusCode).toBe(200);
  });

  it("lists the company's quotes for its owner and approvers, each with who asked", async () => {
    for (const who of ['olive', 'amy']) {
      const quotes = await companyQuotes(who);
      expect(quotes.map((q) => [q.number, q.userEmail])).toEqual([
        [asked.bob!.number, 'bob@cq.example'],
      ]);
      expect(quotes[0]!.lines.map((l) => l.companyPrice)).toEqual([240.5, 90, null]);
    }
    // GET /api/quotes still answers each their own only.
    expect(Quotes.parse((await call('amy', 'GET', '/api/quotes')).json())).toEqual([]);
    const own = Quotes.parse((await call('bob', 'GET', '/api/quotes')).json());
    expect(own.map((q) => q._id)).toEqual([asked.bob!._id]);
    // A buyer of the company and a customer in none are refused.
    for (const who of ['bea', 'bob', 'out']) {
      const res = await call(who, 'GET', '/api/company/quotes');
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toContain("Only your company's owner, admins and approvers");
    }
    // A quote the new member asks now is the company's.
    const later = await requestQuote('late');
    expect((await companyQuotes('amy')).map((q) => q._id)).toEqual([later._id, asked.bob!._id]);
  });

  it('keeps the company price beside the answer, and none once the quote is accepted', async () => {
    const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answered = await call('shop', 'PUT', `/api/quotes/${asked.bob!._id}`, {
      lines: [
        { partId: part.cpu, unitPrice: 230 },
        { partId: part.board, unitPrice: 88 },
        { partId: part.ram, unitPrice: 45 },
      ],
      validUntil,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(
      Quote.parse(answered.json()).lines.map((l) => [l.listPrice, l.companyPrice, l.unitPrice]),
    ).toEqual([
      [300, 240.5, 230],
      [95, 90, 88],
      [50, null, 45],
    ]);
    // Only the buyer who asked accepts it; the approver reads it, and cannot.
    const body = { addressId: await addressOf(people.amy!) };
    const refused = await call('amy', 'POST', `/api/quotes/${asked.bob!._id}/accept`, body);
    expect(refused.statusCode).toBe(404);
    // Accepted on the company's terms: invoiced at once with its PO number, no card asked, and
    // the company's approver reads the order.
    const accepted = await call('bob', 'POST', `/api/quotes/${asked.bob!._id}/accept`, {
      addressId: await addressOf(people.bob!),
      poNumber: 'PO-QUOTE-1',
      payment: 'invoice',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order = await call('amy', 'GET', `/api/purchase/${accepted.json().insertedId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({
      poNumber: 'PO-QUOTE-1',
      paymentMethod: 'invoice',
      paid: false,
      expiresAt: null,
      invoiceNumber: expect.stringMatching(/^PS-\d{4}-\d{6}$/),
    });
    const after = Quote.parse((await call('amy', 'GET', `/api/quotes/${asked.bob!._id}`)).json());
    expect(after.status).toBe('accepted');
    expect(after.lines.map((l) => [l.companyPrice, l.unitPrice])).toEqual([
      [null, 230],
      [null, 88],
      [null, 45],
    ]);
  });

  it("lets the company's owner and approver download a buyer's invoice; not another buyer nor an outsider", async () => {
    const filled = await call('bob', 'PUT', `/api/cart/lines/${part.ram}`, { quantity: 2 });
    expect(filled.statusCode, filled.body).toBe(200);
    const placed = await call('bob', 'POST', '/api/checkout', {
      addressId: await addressOf(people.bob!),
      payment: 'invoice',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const url = `/api/orders/${placed.json().insertedId}/invoice.pdf`;
    for (const who of ['bob', 'olive', 'amy', 'shop']) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    for (const who of ['bea', 'late', 'out']) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, who).toBe(404);
    }
  });
});
