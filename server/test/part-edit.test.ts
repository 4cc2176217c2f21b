import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminPart,
  AuditList,
  CataloguePart,
  Category,
  CategoryConflict,
  CategoryDeleted,
  CategoryList,
  PartList,
  SearchAnswer,
} from '@partsmith/contract';
import { categories, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { SKU_TAKEN } from '../src/modules/parts/skus.ts';
import { signUp } from './auth-helpers.ts';
import { DB_KINDS, MAIL_WAIT, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

/** Issue 48: an admin edits every field of a part, and renames, changes and deletes categories. */

const MEMORY_KIT = {
  name: 'Editable DDR5 kit',
  description: 'Two 16 GB modules for the edit tests.',
  image: '/images/parts/tool-driver-kit.svg',
  price: 129.99,
  availableQuantity: 40,
  minOrderQuantity: 1,
  category: 'memory',
  attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
};

/** A category of the test's own (a fresh short name), with a choice and a number. */
const fanCategory = () => {
  const slug = `fans-${randomUUID().slice(0, 8)}`;
  return {
    slug,
    name: `Fans ${slug.slice(5)}`,
    attributes: [
      { key: 'size', label: 'Size', type: 'enum', options: ['120 mm', '140 mm'] },
      { key: 'speed', label: 'Speed', type: 'number', unit: 'RPM', integer: true },
    ],
  };
};

describe.each(DB_KINDS)('editing parts and categories on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  const mail = recordingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com' },
      deps: { mailer: mail.mailer },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner', mails: mail.mails }))
      .cookie;
    customer = (await signUp(t, { email: 'cara@example.com', name: 'Cara', mails: mail.mails }))
      .cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const put = (id: string, body: object) => call('PUT', `/api/parts/${id}`, body);
  const add = async (body: object = MEMORY_KIT) => {
    const res = await call('POST', '/api/addParts', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };
  const stored = async (id: string) => {
    const res = await call('GET', `/api/parts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminPart.parse(res.json());
  };
  const page = async (id: string) =>
    CataloguePart.parse((await t.app.inject(`/api/part/${id}`)).json());
  const audit = async (action: string) =>
    AuditList.parse((await call('GET', `/api/audit-log?action=${action}`)).json());
  const addCategory = async (body: object) => {
    const res = await call('POST', '/api/categories', body);
    expect(res.statusCode, res.body).toBe(200);
    return Category.parse(res.json());
  };
  const putCategory = (slug: string, body: object) => call('PUT', `/api/categories/${slug}`, body);
  const deleteCategory = (slug: string, moveTo?: string) =>
    call('DELETE', `/api/categories/${slug}${moveTo ? `?moveTo=${moveTo}` : ''}`);
  const categoryList = async () =>
    CategoryList.parse((await t.app.inject('/api/categories')).json());

  it('changes every field of a part at once and answers the part as its editor sees it', async () => {
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

  it('renames a category: its parts, their pages and the search follow', async () => {
    const fans = await addCategory(fanCategory());
    const id = await add({
      ...MEMORY_KIT,
      name: 'Quiet fan',
      category: fans.slug,
      attributes: { size: '120 mm', speed: 1200 },
    });
    // The part's page is cached first: the change must empty the cache.
    expect((await page(id)).categoryName).toBe(fans.name);
    const newName = `Breezers ${randomUUID().slice(0, 4)}`;
    const res = await putCategory(fans.slug, { name: newName });
    expect(res.statusCode, res.body).toBe(200);
    expect(Category.parse(res.json())).toEqual({ ...fans, name: newName });
    expect((await categoryList()).find((c) => c.slug === fans.slug)?.name).toBe(newName);
    expect((await page(id)).categoryName).toBe(newName);
    // The search document holds the category's name.
    const found = SearchAnswer.parse(
      (
        await t.app.inject(`/api/parts/search?q=${encodeURIComponent(newName.split(' ')[0]!)}`)
      ).json(),
    );
    expect(found.items.map((p) => p._id)).toContain(id);

    const [entry] = await audit('category.update');
    expect(entry).toMatchObject({
      targetId: fans.slug,
      summary: `Changed the category "${fans.name}" (now "${newName}")`,
      before: { name: fans.name, attributes: fans.attributes },
      after: { name: newName, attributes: fans.attributes, droppedParts: 0 },
    });

    // A name another category has is a 409; an unknown category a 404.
    const taken = await putCategory(fans.slug, { name: 'Memory' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another category already has this name.');
    expect((await putCategory('no-such-thing', { name: 'X' })).statusCode).toBe(404);
    expect((await putCategory(fans.slug, {})).json().message).toMatch(
      /^Change the name or the attributes/,
    );
  });

  it('adds an attribute at once; removing or changing one that parts use needs onRemovedValues "drop"', async () => {
    const fans = await addCategory(fanCategory());
    const ids = [
      await add({
        ...MEMORY_KIT,
        name: 'Fan A',
        category: fans.slug,
        attributes: { size: '120 mm', speed: 1200 },
      }),
      await add({
        ...MEMORY_KIT,
        name: 'Fan B',
        category: fans.slug,
        attributes: { size: '140 mm', speed: 900 },
      }),
    ];
    const [size, speed] = fans.attributes;
    const rgb = { key: 'rgb', label: 'RGB', type: 'boolean' };

    const added = await putCategory(fans.slug, { attributes: [size, speed, rgb] });
    expect(added.statusCode, added.body).toBe(200);
    expect(Category.parse(added.json()).attributes).toEqual([size, speed, rgb]);
    // The parts keep their values, and have none for the new attribute until edited.
    expect((await page(ids[0]!)).attributes).toEqual({ size: '120 mm', speed: 1200 });
    const incomplete = await put(ids[0]!, { attributes: { size: '120 mm', speed: 1200 } });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe('RGB is Required');

    // Removing Speed, and taking 140 mm out of Size's choices: refused, nothing changed.
    const smaller = { ...size, options: ['120 mm'] };
    const refused = await putCategory(fans.slug, {
      name: 'Renamed too',
      attributes: [smaller, rgb],
    });
    expect(refused.statusCode).toBe(409);
    const conflict = CategoryConflict.parse(refused.json());
    expect(conflict).toMatchObject({
      parts: 2,
      attributes: [
        { key: 'size', label: 'Size', change: 'changed', parts: 1 },
        { key: 'speed', label: 'Speed', change: 'removed', parts: 2 },
      ],
    });
    expect(conflict.message).toBe(
      `2 parts of "${fans.name}" would lose values: Size (changed): 1 part; Speed (removed): 2 parts. ` +
        'Send the change again with onRemovedValues "drop" to drop those values, or keep the attributes they use.',
    );
    expect((await categoryList()).find((c) => c.slug === fans.slug)).toMatchObject({
      name: fans.name,
      attributes: [size, speed, rgb],
    });

    // Another type for Speed (a choice): its numbers no longer fit.
    const retyped = await putCategory(fans.slug, {
      attributes: [size, { key: 'speed', label: 'Speed', type: 'enum', options: ['Slow', 'Fast'] }],
    });
    expect(retyped.statusCode).toBe(409);
    expect(CategoryConflict.parse(retyped.json()).attributes).toEqual([
      { key: 'speed', label: 'Speed', change: 'changed', parts: 2 },
    ]);

    // A label alone: the parts' pages (cached) name it at once.
    expect((await page(ids[0]!)).specification).toEqual([
      { key: 'size', label: 'Size', value: '120 mm' },
      { key: 'speed', label: 'Speed', value: '1200 RPM' },
    ]);
    const relabelled = await putCategory(fans.slug, {
      attributes: [{ ...size, label: 'Fan size' }, speed, rgb],
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect((await page(ids[0]!)).specification[0]).toEqual({
      key: 'size',
      label: 'Fan size',
      value: '120 mm',
    });

    const dropped = await putCategory(fans.slug, {
      attributes: [smaller, rgb],
      onRemovedValues: 'drop',
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await page(ids[0]!)).attributes).toEqual({ size: '120 mm' });
    expect((await page(ids[1]!)).attributes).toEqual({});
    const [entry] = await audit('category.update');
    expect(entry).toMatchObject({
      summary: `Changed the category "${fans.name}"; values dropped from 2 parts`,
      before: { attributes: [{ ...size, label: 'Fan size' }, speed, rgb] },
      after: { attributes: [smaller, rgb], droppedParts: 2 },
    });
    // The parts' values fit again: an edit of their attributes asks only for what is missing.
    expect((await put(ids[1]!, { attributes: { size: '120 mm', rgb: true } })).statusCode).toBe(
      200,
    );
  });

  it('deletes an empty category, refuses one with parts, and moves its parts first when told', async () => {
    const empty = await addCategory(fanCategory());
    const removed = await deleteCategory(empty.slug);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(CategoryDeleted.parse(removed.json())).toEqual({
      acknowledged: true,
      deletedCount: 1,
      movedParts: 0,
      droppedValues: 0,
    });
    expect((await categoryList()).map((c) => c.slug)).not.toContain(empty.slug);
    expect((await deleteCategory(empty.slug)).statusCode).toBe(404);
    const [gone] = await audit('category.delete');
    expect(gone).toMatchObject({
      targetId: empty.slug,
      summary: `Deleted the category "${empty.name}"`,
      before: { slug: empty.slug, name: empty.name },
    });

    const from = await addCategory(fanCategory());
    const to = await addCategory({
      ...fanCategory(),
      attributes: [
        { key: 'size', label: 'Size', type: 'enum', options: ['120 mm', '200 mm'] },
        { key: 'pwm', label: 'PWM', type: 'boolean' },
      ],
    });
    const a = await add({
      ...MEMORY_KIT,
      name: 'Mover A',
      category: from.slug,
      attributes: { size: '120 mm', speed: 1000 },
    });
    const b = await add({
      ...MEMORY_KIT,
      name: 'Mover B',
      category: from.slug,
      attributes: { size: '140 mm', speed: 800 },
    });
    // A deleted part of the category goes along (it must name a category that exists).
    const c = await add({
      ...MEMORY_KIT,
      name: 'Mover C',
      category: from.slug,
      attributes: { size: '120 mm', speed: 700 },
    });
    expect((await call('DELETE', `/api/tools/${c}`)).statusCode).toBe(200);

    const refused = await deleteCategory(from.slug);
    expect(refused.statusCode).toBe(409);
    expect(CategoryConflict.parse(refused.json())).toMatchObject({
      parts: 2,
      message: `2 parts are in "${from.name}": choose a category to move them to (moveTo), then delete it.`,
    });
    expect((await deleteCategory(from.slug, from.slug)).json().message).toBe(
      'Choose another category to move the parts to.',
    );
    const nowhere = await deleteCategory(from.slug, 'no-such-category');
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().message).toBe('The category to move the parts to does not exist.');
    expect((await categoryList()).map((x) => x.slug)).toContain(from.slug);

    const moved = await deleteCategory(from.slug, to.slug);
    expect(moved.statusCode, moved.body).toBe(200);
    // Both lose Speed (the other category has none); B's 140 mm is no choice there either.
    expect(moved.json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
      movedParts: 2,
      droppedValues: 2,
    });
    expect(await page(a)).toMatchObject({
      category: to.slug,
      categoryName: to.name,
      attributes: { size: '120 mm' },
    });
    expect(await page(b)).toMatchObject({ category: to.slug, attributes: {} });
    const [deletedRow] = await t.database.db.select().from(parts).where(eq(parts.id, c));
    expect(deletedRow!.category).toBe(to.slug);
    expect(
      await t.database.db.select().from(categories).where(eq(categories.slug, from.slug)),
    ).toEqual([]);
    const [entry] = await audit('category.delete');
    expect(entry).toMatchObject({
      targetId: from.slug,
      summary: `Deleted the category "${from.name}", its 2 parts moved to "${to.name}"`,
      before: { slug: from.slug, attributes: from.attributes },
      after: { movedTo: to.slug, movedParts: 2, droppedParts: 2 },
    });
    // The search finds them under their new category.
    const search = SearchAnswer.parse(
      (await t.app.inject(`/api/parts/search?category=${to.slug}`)).json(),
    );
    expect(search.items.map((p) => p._id).sort()).toEqual([a, b].sort());
  });

  it('an empty category whose only parts were deleted goes, its deleted parts left unfiled', async () => {
    const cat = await addCategory(fanCategory());
    const id = await add({
      ...MEMORY_KIT,
      name: 'Only deleted',
      category: cat.slug,
      attributes: { size: '120 mm', speed: 1 },
    });
    expect((await call('DELETE', `/api/tools/${id}`)).statusCode).toBe(200);
    const res = await deleteCategory(cat.slug);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row).toMatchObject({ category: null, attributes: {} });
  });
});
