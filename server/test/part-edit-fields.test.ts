import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminPart, CataloguePart, PartList, SearchAnswer } from '@partsmith/contract';
import { parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { SKU_TAKEN } from '../src/modules/parts/skus.ts';
import { DB_KINDS, MAIL_WAIT } from './helpers.ts';
import { MEMORY_KIT, partEditSuite } from './part-edit-helpers.ts';

/**
 * Issue 48: an admin edits every field of a part, checked and audited, its listing and stock
 * behaving as before. Its categories are category-edit.test.ts's.
 */
describe.each(DB_KINDS)('editing parts and categories on %s', (kind) => {
  const { shop, call, put, add, stored, audit } = partEditSuite(kind);

  it('changes every field of a part at once and answers the part as its editor sees it', async () => {
    const { t } = shop();
    const id = await add();
    const before = await stored(id);
    expect(before).toMatchObject({ listed: true, weightGrams: 0, categoryName: 'Memory' });

    const res = await put(id, {
      name: '  Edited Ryzen 7  ',
      description: 'Eight cores, now filed as a processor.',
      sku: 'EDIT-R7-8700',
      category: 'processors',
      attributes: { socket: 'AM5', cores: 8, boostClock: 5.1, tdp: 65 },
      minOrderQuantity: 2,
      availableQuantity: 25,
      price: 299.5,
      priceBreaks: [{ minQuantity: 10, price: 289 }],
      lowStockThreshold: 5,
      leadTimeDays: 14,
      weightGrams: 450,
      image: '/images/parts/cpu-ryzen.svg',
      listed: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = AdminPart.parse(res.json());
    expect(edited).toEqual({
      _id: id,
      sku: 'EDIT-R7-8700',
      name: 'Edited Ryzen 7',
      description: 'Eight cores, now filed as a processor.',
      image: '/images/parts/cpu-ryzen.svg',
      price: 299.5,
      availableQuantity: 25,
      minOrderQuantity: 2,
      lowStockThreshold: 5,
      priceBreaks: [{ minQuantity: 10, price: 289 }],
      leadTimeDays: 14,
      category: 'processors',
      categoryName: 'Processors',
      attributes: { socket: 'AM5', cores: 8, boostClock: 5.1, tdp: 65 },
      specification: [
        { key: 'socket', label: 'Socket', value: 'AM5' },
        { key: 'cores', label: 'Cores', value: '8' },
        { key: 'boostClock', label: 'Boost clock', value: '5.1 GHz' },
        { key: 'tdp', label: 'TDP', value: '65 W' },
      ],
      listed: false,
      weightGrams: 450,
    });
    expect(await stored(id)).toEqual(edited);
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row).toMatchObject({
      priceCents: 29_950,
      priceBreaks: [{ minQuantity: 10, priceCents: 28_900 }],
    });

    // Left out, a field keeps its value; null takes the threshold and lead time back to none.
    const again = await put(id, {
      name: 'Edited Ryzen 7 8700',
      lowStockThreshold: null,
      leadTimeDays: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(AdminPart.parse(again.json())).toEqual({
      ...edited,
      name: 'Edited Ryzen 7 8700',
      lowStockThreshold: 4,
      leadTimeDays: null,
    });
  });

  it('an unlisted part leaves the list, the search and the suggestions; its page stays', async () => {
    const { t } = shop();
    const word = `zeplin${randomUUID().slice(0, 6)}`;
    const id = await add({ ...MEMORY_KIT, name: `Hidden ${word} kit` });
    const listedCount = async () =>
      Number((await t.app.inject('/api/allParts?limit=1')).headers['x-total-count']);
    const shown = async () => {
      const list = PartList.parse((await t.app.inject(`/api/allParts?q=${word}`)).json());
      const search = SearchAnswer.parse((await t.app.inject(`/api/parts/search?q=${word}`)).json());
      const suggest = (await t.app.inject(`/api/parts/suggest?q=${word}`)).json() as {
        items: { _id: string }[];
      };
      return {
        list: list.map((p) => p._id),
        search: search.items.map((p) => p._id),
        suggest: suggest.items.map((p) => p._id),
      };
    };
    expect(await shown()).toEqual({ list: [id], search: [id], suggest: [id] });
    const count = await listedCount();

    expect((await put(id, { listed: false })).statusCode).toBe(200);
    expect(await shown()).toEqual({ list: [], search: [], suggest: [] });
    expect(await listedCount()).toBe(count - 1);
    const hidden = await t.app.inject(`/api/part/${id}`);
    expect(hidden.statusCode).toBe(200);
    expect(CataloguePart.parse(hidden.json()).name).toBe(`Hidden ${word} kit`);
    // The admin still finds it.
    expect((await stored(id)).listed).toBe(false);

    expect((await put(id, { listed: true })).statusCode).toBe(200);
    expect(await shown()).toEqual({ list: [id], search: [id], suggest: [id] });
    expect(await listedCount()).toBe(count);
  });

  it('refuses a part number another part has (any case, deleted parts too), and keeps its own', async () => {
    const { t } = shop();
    const taken = await insertPart(t.database.db, { sku: 'TAKEN-100' });
    const gone = await insertPart(t.database.db, { sku: 'GONE-200', deletedAt: new Date() });
    const id = await add({ ...MEMORY_KIT, name: 'Numbered kit' });
    const own = (await stored(id)).sku;
    expect(own).toMatch(/^PS-MEM-\d{6,}$/);

    for (const sku of ['taken-100', 'TAKEN-100', 'gone-200']) {
      const res = await put(id, { sku, price: 1 });
      expect(res.statusCode, sku).toBe(409);
      expect(res.json().message).toBe(SKU_TAKEN);
    }
    // Nothing of a refused edit was kept.
    expect(await stored(id)).toMatchObject({ sku: own, price: MEMORY_KIT.price });
    // The shop's own form is refused for a new number, taken back for the part's own.
    const generated = await put(id, { sku: 'PS-MEM-999999' });
    expect(generated.statusCode).toBe(422);
    expect(generated.json().message).toMatch(/made by the shop/);
    const same = await put(id, { sku: own, name: 'Numbered kit, renamed' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await put(id, { sku: 'NEW-NUMBER-1' })).json().sku).toBe('NEW-NUMBER-1');
    expect(taken.sku).toBe('TAKEN-100');
    expect(gone.sku).toBe('GONE-200');
  });

  it('checks the part as it will be, with clear messages', async () => {
    const { t, customer } = shop();
    const id = await add({
      ...MEMORY_KIT,
      name: 'Checked kit',
      availableQuantity: 10,
      priceBreaks: [{ minQuantity: 5, price: 120 }],
    });
    const cases: [object, number, string | RegExp][] = [
      [{}, 400, 'Change at least one field of the part'],
      [{ name: '   ' }, 400, 'Product name is Required'],
      [
        { minOrderQuantity: 11 },
        400,
        'Minimum quantity cannot be more than the available quantity',
      ],
      // The stored break starts at 5: a minimum of 5 would swallow it.
      [
        { minOrderQuantity: 5 },
        400,
        'Break 1: its quantity must be higher than the minimum order quantity (5)',
      ],
      [{ price: 110 }, 400, 'Break 1: its unit price must be lower than the base price ($110.00)'],
      [{ weightGrams: -1 }, 400, 'The weight cannot be negative'],
      [{ weightGrams: 2.5 }, 400, 'The weight must be a whole number of grams'],
      [{ listed: 'no' }, 400, 'Listed is true or false'],
      [{ image: 'javascript:alert(1)' }, 400, 'Upload an image first'],
      [{ image: '/uploads/never-uploaded.webp' }, 422, 'Upload an image first.'],
      [
        { attributes: { type: 'DDR6', capacity: 32, speed: 6000, casLatency: 30 } },
        422,
        'Type must be one of DDR4, DDR5',
      ],
      [{ category: 'processors' }, 422, /is Required$/],
      [{ category: 'no-such-category', attributes: {} }, 422, 'This category does not exist.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    // Stock may go under the minimum (sales do that); only a new minimum is held to it.
    expect((await put(id, { minOrderQuantity: 2, priceBreaks: [] })).statusCode).toBe(200);
    expect((await put(id, { availableQuantity: 1 })).statusCode).toBe(200);
    // Stock 0: any minimum.
    expect((await put(id, { availableQuantity: 0, minOrderQuantity: 50 })).statusCode).toBe(200);

    const missing = await put(randomUUID(), { name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This part is not in the catalogue.');
    expect((await call('DELETE', `/api/tools/${id}`)).statusCode).toBe(200);
    expect((await put(id, { name: 'Back from the dead' })).statusCode).toBe(404);
    expect((await call('GET', `/api/parts/${id}`)).statusCode).toBe(404);

    const other = await add({ ...MEMORY_KIT, name: 'Not yours' });
    const asCustomer = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${other}`,
      headers: { cookie: customer },
      payload: { price: 0.01 },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await stored(other)).price).toBe(MEMORY_KIT.price);
  });

  it('audits each edit with the part before and after, listed and weight included', async () => {
    const { t, admin } = shop();
    const id = await add({ ...MEMORY_KIT, name: 'Audited kit' });
    expect(
      (await put(id, { name: 'Audited kit v2', listed: false, weightGrams: 120, price: 119 }))
        .statusCode,
    ).toBe(200);
    const [entry] = await audit('part.update');
    expect(entry).toMatchObject({
      actorEmail: 'owner@example.com',
      targetId: id,
      summary: 'Changed "Audited kit" (now "Audited kit v2"): name, price, weight, listed',
      before: {
        name: 'Audited kit',
        listed: true,
        weightGrams: 0,
        price: 129.99,
        sku: expect.any(String),
      },
      after: { name: 'Audited kit v2', listed: false, weightGrams: 120, price: 119 },
    });
    // PATCH /api/tools/:id goes on working, audited the same way.
    const patched = await call('PUT', `/api/parts/${id}`, { availableQuantity: 3 });
    expect(patched.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
      payload: { availableQuantity: 30 },
    });
    expect(old.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const [last] = await audit('part.update');
    expect(last).toMatchObject({
      summary: 'Changed "Audited kit v2": stock',
      before: { availableQuantity: 3, listed: false },
      after: { availableQuantity: 30, listed: false },
    });
  });

  it('keeps the stock behaviour: the low-stock mark is cleared and the alerts go out on a restock', async () => {
    const { t, customer, mail } = shop();
    const part = await insertPart(t.database.db, {
      name: 'Restocked fan',
      availableQuantity: 0,
      lowStockAlertedAt: new Date(),
    });
    const alert = await t.app.inject({
      method: 'POST',
      url: `/api/parts/${part.id}/stock-alerts`,
      headers: { cookie: customer },
    });
    expect(alert.statusCode, alert.body).toBe(201);

    expect(
      (await put(part.id, { name: 'Restocked fan v2', availableQuantity: 50 })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row!.lowStockAlertedAt).toBeNull();
    await vi.waitFor(
      () =>
        expect(
          mail.sent.filter(
            (m) => m.to === 'cara@example.com' && m.subject.startsWith('Back in stock'),
          ),
        ).toHaveLength(1),
      MAIL_WAIT,
    );
    // A new minimum moves the default threshold (twice the minimum): 50 is under 2 x 30.
    expect((await put(part.id, { minOrderQuantity: 30 })).statusCode).toBe(200);
    const [marked] = await t.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(marked!.lowStockAlertedAt).toBeInstanceOf(Date);
  });
});
