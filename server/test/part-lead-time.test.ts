import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CataloguePart, PartList } from '@partsmith/contract';
import { parts } from '../src/db/schema/index.ts';
import { DB_KINDS } from './helpers.ts';
import { stockAlertsSuite } from './stock-alerts-helpers.ts';

// A part's lead time in days, for a part out of stock as for its stock alerts
// (stock-alerts-subscribe.test.ts): in every part answer, set and cleared by the admin, checked.
describe.each(DB_KINDS)('stock alerts on %s', (kind) => {
  const { shop, db, outOfStock, patch } = stockAlertsSuite(kind);
  // Another part, without a lead time, as the stock alerts' own tests leave them.
  beforeAll(async () => {
    await outOfStock();
  });

  it('gives parts a lead time: in every part answer, set and cleared by the admin, checked', async () => {
    const { t, owner } = shop();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: owner },
      payload: {
        name: 'Alert Lead Time GPU',
        description: 'A graphics card.',
        image: '/images/parts/tool-driver-kit.svg',
        price: 499,
        availableQuantity: 0,
        minOrderQuantity: 1,
        leadTimeDays: 14,
      },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().insertedId as string;
    const read = async () =>
      CataloguePart.parse((await t.app.inject(`/api/part/${id}`)).json()).leadTimeDays;
    expect(await read()).toBe(14);
    const list = PartList.parse((await t.app.inject('/api/allParts?limit=100')).json());
    expect(list.find((p) => p._id === id)?.leadTimeDays).toBe(14);
    // A part without one reads as not known.
    expect(list.find((p) => p._id !== id)?.leadTimeDays).toBeNull();

    // The cached answer follows the change.
    expect((await patch(id, { leadTimeDays: 21 })).statusCode).toBe(200);
    expect(await read()).toBe(21);
    expect((await patch(id, { leadTimeDays: null })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    expect((await db().select().from(parts).where(eq(parts.id, id)))[0]!.leadTimeDays).toBeNull();

    const refused = async (body: object) => {
      const res = await patch(id, body);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ leadTimeDays: 366 })).toContain('The lead time is at most 365 days');
    expect(await refused({ leadTimeDays: -1 })).toContain('The lead time cannot be negative');
    expect(await refused({ leadTimeDays: 2.5 })).toContain(
      'The lead time must be a whole number of days',
    );
    expect(await refused({ leadTimeDays: 'soon' })).toContain(
      'The lead time must be a number of days',
    );
    expect(await refused({})).toContain('Change the stock or the price');
    expect(await read()).toBeNull();

    const addRefused = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: owner },
      payload: {
        name: 'Alert Lead Time Too Long',
        description: 'A graphics card.',
        image: '/images/parts/tool-driver-kit.svg',
        price: 499,
        availableQuantity: 0,
        minOrderQuantity: 1,
        leadTimeDays: 400,
      },
    });
    expect(addRefused.statusCode).toBe(400);
    expect(addRefused.json().message).toContain('The lead time is at most 365 days');
  });
});
