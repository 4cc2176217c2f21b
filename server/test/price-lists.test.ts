import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { PartAnswer } from '@partsmith/contract';
import { PriceList, PriceListList } from '@partsmith/contract/price-lists';
import { auditLog, categories, companyAccounts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { signUp } from './auth-helpers.ts';
import { callWith } from './company-helpers.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

const NO_LIST = '00000000-0000-4000-8000-000000000000';
const NO_PART = '00000000-0000-4000-8000-00000000beef';

/**
 * Issue 49: the shop admins' price lists (GET/POST/PUT/DELETE /api/admin/price-lists) and a
 * company member's own price on the part's page (GET /api/part/:id `yourPrice`), kept out of the
 * catalogue cache.
 */
describe.each(DB_KINDS)('price lists on %s', (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const people: Record<string, string> = {};
  const company = { olive: '', eve: '' };
  const part = { cpu: '', board: '', ram: '', gone: '' };
  let listId: string;

  const send = callWith(() => t);
  const call = (
    who: string | null,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => send(who ? people[who]! : null, method, url, payload);
  const admin = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    call('shop', method, url, payload);
  const auditOf = (targetId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId))
      .orderBy(asc(auditLog.seq));

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com' },
      deps: { mailer: mail.mailer },
    });
    for (const [name, email] of [
      ['shop', 'shop@example.com'],
      ['olive', 'olive@acme.example'],
      ['eve', 'eve@other.example'],
      ['carl', 'carl@example.com'],
    ] as const)
      people[name] = (await signUp(t, { email, name, mails: mail.mails })).cookie;
    for (const [who, name, slug] of [
      ['olive', 'Acme Workshop', 'acme-workshop'],
      ['eve', 'Other Co', 'other-co'],
    ] as const) {
      const res = await call(who, 'POST', '/api/auth/organization/create', { name, slug });
      expect(res.statusCode, res.body).toBe(200);
      company[who] = res.json().id;
    }
    const { db } = t.database;
    await db.insert(categories).values([
      { slug: 'pl-cpu', name: 'Price list CPUs' },
      { slug: 'pl-ram', name: 'Price list memory' },
    ]);
    part.cpu = (
      await insertPart(db, {
        sku: 'PL-CPU-1',
        name: 'Fast CPU',
        priceCents: 30_000,
        category: 'pl-cpu',
      })
    ).id;
    // Sold by 4 at least, $95 each from 4: the discount is taken off its $100 list price.
    part.board = (
      await insertPart(db, {
        sku: 'PL-CPU-2',
        name: 'Slow CPU',
        priceCents: 10_000,
        minOrderQuantity: 4,
        priceBreaks: [{ minQuantity: 4, priceCents: 9_500 }],
        category: 'pl-cpu',
      })
    ).id;
    part.ram = (
      await insertPart(db, {
        sku: 'PL-RAM-1',
        name: 'Memory stick',
        priceCents: 5_000,
        category: 'pl-ram',
      })
    ).id;
    part.gone = (
      await insertPart(db, { sku: 'PL-GONE', name: 'Gone part', deletedAt: new Date() })
    ).id;
  });
  afterAll(() => t.close());

  it('is for shop admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/price-lists'],
      ['POST', '/api/admin/price-lists'],
      ['PUT', `/api/admin/price-lists/${NO_LIST}`],
      ['DELETE', `/api/admin/price-lists/${NO_LIST}`],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? { name: 'Sneaky' } : undefined;
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call('carl', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const res = await admin('GET', '/api/admin/price-lists');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates a list: fixed prices with their parts, discounts with their categories, audited', async () => {
    const res = await admin('POST', '/api/admin/price-lists', {
      name: '  Workshops 2025 ',
      prices: [{ partId: part.cpu, price: 250 }],
      discounts: [{ category: 'pl-cpu', percent: 10 }],
      validFrom: '2020-01-01',
      validUntil: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = PriceList.parse(res.json());
    listId = list._id;
    expect(list).toMatchObject({
      name: 'Workshops 2025',
      prices: [{ partId: part.cpu, price: 250, sku: 'PL-CPU-1', name: 'Fast CPU', listPrice: 300 }],
      discounts: [{ category: 'pl-cpu', percent: 10, categoryName: 'Price list CPUs' }],
      validFrom: '2020-01-01',
      validUntil: null,
      companies: [],
    });
    expect(Date.parse(list.updatedAt)).not.toBeNaN();
    const entries = await auditOf(listId);
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ['price-list.save', 'shop@example.com'],
    ]);
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ name: 'Workshops 2025', prices: [{ price: 250 }] });
  });

  it('refuses bad lists with a clear 4xx, writing nothing', async () => {
    const cases: [object, number, string][] = [
      [{ validFrom: '2025-06-01', validUntil: '2025-05-31' }, 400, 'cannot start (2025-06-01)'],
      [{ validFrom: '2025-02-30' }, 400, '2025-02-30 is not a date'],
      [{ prices: [{ partId: NO_PART, price: 1 }] }, 404, `Part ${NO_PART} is not in the catalogue`],
      [
        { prices: [{ partId: part.gone, price: 1 }] },
        404,
        `Part ${part.gone} is not in the catalogue`,
      ],
      [{ discounts: [{ category: 'pl-nope', percent: 5 }] }, 404, 'There is no category pl-nope'],
      [
        {
          prices: [
            { partId: part.cpu, price: 1 },
            { partId: part.cpu, price: 2 },
          ],
        },
        400,
        `Part ${part.cpu} has two prices`,
      ],
      [
        {
          discounts: [
            { category: 'pl-ram', percent: 5 },
            { category: 'pl-ram', percent: 6 },
          ],
        },
        400,
        'Category pl-ram has two discounts',
      ],
    ];
    for (const [extra, status, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/admin/price-lists'],
        ['PUT', `/api/admin/price-lists/${listId}`],
      ] as const) {
        const res = await admin(method, url, { name: 'Refused', ...extra });
        expect(res.statusCode, `${method} ${JSON.stringify(extra)}: ${res.body}`).toBe(status);
        expect(res.json().message).toContain(message);
      }
    }
    const missing = await admin('PUT', `/api/admin/price-lists/${NO_LIST}`, { name: 'Nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No such price list.');
    const lists = PriceListList.parse((await admin('GET', '/api/admin/price-lists')).json());
    expect(lists.map((l) => l.name)).toEqual(['Workshops 2025']);
    expect(lists[0]!.prices.map((p) => p.price)).toEqual([250]);
    expect(await auditOf(listId)).toHaveLength(1);
  });

  it('PUT replaces the name and dates, and prices and discounts only when sent', async () => {
    // Discounts sent empty: none left; prices left out: kept.
    let res = await admin('PUT', `/api/admin/price-lists/${listId}`, {
      name: 'Workshops',
      discounts: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    let list = PriceList.parse(res.json());
    expect(list).toMatchObject({
      name: 'Workshops',
      validFrom: null,
      validUntil: null,
      discounts: [],
    });
    expect(list.prices.map((p) => [p.partId, p.price])).toEqual([[part.cpu, 250]]);
    // Prices sent: replaced; discounts left out: kept (none).
    res = await admin('PUT', `/api/admin/price-lists/${listId}`, {
      name: 'Workshops 2025',
      prices: [
        { partId: part.cpu, price: 240.5 },
        { partId: part.ram, price: 45 },
      ],
      discounts: [{ category: 'pl-cpu', percent: 10 }],
      validUntil: '2999-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    list = PriceList.parse(res.json());
    expect(list.prices.map((p) => [p.sku, p.price, p.listPrice])).toEqual([
      ['PL-CPU-1', 240.5, 300],
      ['PL-RAM-1', 45, 50],
    ]);
    expect(list.discounts).toEqual([
      { category: 'pl-cpu', percent: 10, categoryName: 'Price list CPUs' },
    ]);
    expect(list.validUntil).toBe('2999-12-31');
    // Left out again: both kept.
    res = await admin('PUT', `/api/admin/price-lists/${listId}`, {
      name: 'Workshops 2025',
      validUntil: '2999-12-31',
    });
    list = PriceList.parse(res.json());
    expect(list.prices).toHaveLength(2);
    expect(list.discounts).toHaveLength(1);
    // The RAM's fixed price goes again, for the tests below.
    res = await admin('PUT', `/api/admin/price-lists/${listId}`, {
      name: 'Workshops 2025',
      prices: [{ partId: part.cpu, price: 240.5 }],
      validUntil: '2999-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await auditOf(listId);
    expect(entries.map((e) => e.action)).toEqual(Array(5).fill('price-list.save'));
    expect(entries[1]!.before).toMatchObject({
      name: 'Workshops 2025',
      discounts: [{ percent: 10 }],
    });
    expect(entries[1]!.after).toMatchObject({ name: 'Workshops', discounts: [] });
  });

  it('lists the newest first, with the companies buying on each', async () => {
    const second = await admin('POST', '/api/admin/price-lists', { name: 'Resellers' });
    expect(second.statusCode, second.body).toBe(201);
    const set = await admin('PUT', `/api/admin/companies/${company.olive}`, {
      priceListId: listId,
    });
    expect(set.statusCode, set.body).toBe(200);
    const lists = PriceListList.parse((await admin('GET', '/api/admin/price-lists')).json());
    expect(lists.map((l) => [l.name, l.companies])).toEqual([
      ['Resellers', []],
      ['Workshops 2025', [{ _id: company.olive, name: 'Acme Workshop' }]],
    ]);
  });

  describe('your price on the part page', () => {
    const partAnswer = async (who: string | null, id: string) => {
      const res = await call(who, 'GET', `/api/part/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    beforeAll(async () => {
      await vi.waitFor(() => expect(t.app.catalogueCache.enabled).toBe(true));
    });

    it('a member of a company with the list gets its fixed price, the anonymous answer cached apart', async () => {
      const cache = t.app.catalogueCache;
      // The anonymous answer first, so that the member's request finds it cached.
      const first = await partAnswer(null, part.cpu);
      const hits = cache.hits;
      const second = await partAnswer(null, part.cpu);
      expect(second.body).toBe(first.body);
      expect(cache.hits).toBe(hits + 1);
      expect(first.json()).not.toHaveProperty('yourPrice');
      expect(first.json()).not.toHaveProperty('yourPriceList');

      const member = await partAnswer('olive', part.cpu);
      const answer = PartAnswer.parse(member.json());
      expect(answer).toMatchObject({
        _id: part.cpu,
        price: 300,
        yourPrice: 240.5,
        yourPriceList: 'Workshops 2025',
      });
      expect(member.headers['cache-control']).toBe('private, no-store');
      // Beside the part's own fields, exactly as everybody gets them.
      const { yourPrice: _p, yourPriceList: _l, ...rest } = member.json();
      expect(rest).toEqual(first.json());

      // Anonymous after the member: still the cached anonymous bytes, no price of theirs.
      const after = await partAnswer(null, part.cpu);
      expect(after.body).toBe(first.body);
      expect(cache.hits).toBe(hits + 2);
    });

    it("a category's discount is taken off the list price, for the minimum order quantity", async () => {
      // 10% off $100 is $90, below the $95 of the 4-unit break: the member pays $90.
      const answer = PartAnswer.parse((await partAnswer('olive', part.board)).json());
      expect(answer).toMatchObject({ yourPrice: 90, yourPriceList: 'Workshops 2025' });
      const anonymous = (await partAnswer(null, part.board)).json();
      expect(anonymous).not.toHaveProperty('yourPrice');
    });

    it('nobody else gets a price of their own, nor a member for a part the list leaves out', async () => {
      const anonymous = await partAnswer(null, part.ram);
      expect(anonymous.json()).not.toHaveProperty('yourPrice');
      for (const who of ['olive', 'eve', 'carl', 'shop']) {
        const res = await partAnswer(who, part.ram);
        expect(res.body, who).toBe(anonymous.body);
      }
      for (const who of ['eve', 'carl']) {
        const res = await partAnswer(who, part.cpu);
        expect(res.json(), who).not.toHaveProperty('yourPrice');
        expect(res.json(), who).not.toHaveProperty('yourPriceList');
      }
      // An unknown part is a 404 for a member too.
      const missing = await call('olive', 'GET', `/api/part/${NO_PART}`);
      expect(missing.statusCode).toBe(404);
    });

    it('a list out of its dates gives no price', async () => {
      const res = await admin('PUT', `/api/admin/price-lists/${listId}`, {
        name: 'Workshops 2025',
        validFrom: '2020-01-01',
        validUntil: '2020-12-31',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await partAnswer('olive', part.cpu)).json()).not.toHaveProperty('yourPrice');
      await admin('PUT', `/api/admin/price-lists/${listId}`, { name: 'Workshops 2025' });
      expect((await partAnswer('olive', part.cpu)).json()).toMatchObject({ yourPrice: 240.5 });
    });
  });

  it('DELETE takes the list away: its companies fall back to list prices, audited', async () => {
    const res = await admin('DELETE', `/api/admin/price-lists/${listId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const [account] = await t.database.db
      .select({ priceListId: companyAccounts.priceListId })
      .from(companyAccounts)
      .where(eq(companyAccounts.companyId, company.olive));
    expect(account!.priceListId).toBeNull();
    const entries = await auditOf(listId);
    const last = entries.at(-1)!;
    expect(last.action).toBe('price-list.delete');
    expect(last.before).toMatchObject({
      name: 'Workshops 2025',
      companies: [{ name: 'Acme Workshop' }],
    });
    expect(last.after).toBeNull();
    const again = await admin('DELETE', `/api/admin/price-lists/${listId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No such price list.');
    const lists = PriceListList.parse((await admin('GET', '/api/admin/price-lists')).json());
    expect(lists.map((l) => l.name)).toEqual(['Resellers']);
    const answer = await call('olive', 'GET', `/api/part/${part.cpu}`);
    expect(answer.json()).not.toHaveProperty('yourPrice');
  });
});
