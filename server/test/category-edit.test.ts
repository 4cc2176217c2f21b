import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CataloguePart,
  Category,
  CategoryConflict,
  CategoryDeleted,
  CategoryList,
  SearchAnswer,
} from '@partsmith/contract';
import { categories, parts } from '../src/db/schema/index.ts';
import { DB_KINDS } from './helpers.ts';
import { MEMORY_KIT, partEditSuite } from './part-edit-helpers.ts';

/**
 * Issue 48: an admin renames, changes and deletes categories, and their parts follow. A part's
 * own fields are part-edit-fields.test.ts's.
 */

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
  const { shop, call, put, add, audit } = partEditSuite(kind);
  const page = async (id: string) =>
    CataloguePart.parse((await shop().t.app.inject(`/api/part/${id}`)).json());
  const addCategory = async (body: object) => {
    const res = await call('POST', '/api/categories', body);
    expect(res.statusCode, res.body).toBe(200);
    return Category.parse(res.json());
  };
  const putCategory = (slug: string, body: object) => call('PUT', `/api/categories/${slug}`, body);
  const deleteCategory = (slug: string, moveTo?: string) =>
    call('DELETE', `/api/categories/${slug}${moveTo ? `?moveTo=${moveTo}` : ''}`);
  const categoryList = async () =>
    CategoryList.parse((await shop().t.app.inject('/api/categories')).json());

  it('renames a category: its parts, their pages and the search follow', async () => {
    const { t } = shop();
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
    const { t } = shop();
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
    const { t } = shop();
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
