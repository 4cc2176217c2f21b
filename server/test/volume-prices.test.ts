import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Order, Part } from '@partsmith/contract';
import { unitPriceCents } from '@partsmith/contract/pricing';
import { orders, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { unitPriceCentsSql } from '../src/modules/parts/stock.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { pricedPart } from './price-arbitraries.ts';
import { signUp } from './auth-helpers.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';
const NEW_PART = {
  name: 'Torrent SATA cable (pack of 4)',
  description: 'Locking 50 cm SATA III cables, straight and right-angled.',
  availableQuantity: 1000,
  minOrderQuantity: 1,
  price: 9.5,
  image: '/images/parts/tool-driver-kit.svg',
};
const BREAKS = [
  { minQuantity: 10, price: 8.9 },
  { minQuantity: 50, price: 8 },
];

describe('volume prices: the unit price never rises with the quantity', () => {
  it('for any valid break list and any two quantities', () => {
    fc.assert(
      fc.property(pricedPart, fc.nat(1000), fc.nat(1000), (part, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(unitPriceCents(part, high)).toBeLessThanOrEqual(unitPriceCents(part, low));
      }),
      { numRuns: 500 },
    );
  });
});

describe.each(DB_KINDS)('volume prices on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    buyer = (await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer' })).cookie;
  });
  afterAll(() => t.close());

  const add = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: admin },
      payload: body,
    });
  const patch = (id: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
      payload: body,
    });
  const partOf = async (id: string) => Part.parse((await t.app.inject(`/api/part/${id}`)).json());
  const purchase = async (partId: string, quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer },
      payload: { partId, quantity, address: ADDRESS, phone: PHONE },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };
  const orderOf = async (id: string) =>
    Order.parse(
      (await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: buyer } })).json(),
    );
  const intentAmount = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer },
      payload: { orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().amount as number;
  };

  it('stores the breaks an admin adds and sends them with the part, in the list too', async () => {
    const res = await add({ ...NEW_PART, priceBreaks: BREAKS });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId as string;
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row!.priceBreaks).toEqual([
      { minQuantity: 10, priceCents: 890 },
      { minQuantity: 50, priceCents: 800 },
    ]);
    expect((await partOf(id)).priceBreaks).toEqual(BREAKS);
    // Read twice: the second answer may come from the catalogue cache, with the same breaks.
    expect((await partOf(id)).priceBreaks).toEqual(BREAKS);
    const list = (await t.app.inject('/api/allParts?q=Torrent SATA')).json() as Part[];
    expect(list.map((p) => p.priceBreaks)).toEqual([BREAKS]);

    const plain = await add({ ...NEW_PART, name: 'Plain part' });
    expect((await partOf(plain.json().insertedId)).priceBreaks).toEqual([]);
  });

  it('documents the breaks in the OpenAPI document: on a part, on adding and on changing one', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const schemaOf = (path: string, method: string, at: 'request' | 'response') => {
      const op = spec.paths[path][method];
      const media = at === 'request' ? op.requestBody.content : op.responses['200'].content;
      return JSON.stringify(media['application/json'].schema);
    };
    const part = JSON.parse(schemaOf('/api/part/{id}', 'get', 'response'));
    expect(part.properties.priceBreaks.items.properties).toMatchObject({
      minQuantity: { type: 'integer' },
      price: { type: 'number' },
    });
    expect(part.required).toContain('priceBreaks');
    expect(schemaOf('/api/addParts', 'post', 'request')).toContain('"priceBreaks"');
    expect(schemaOf('/api/tools/{id}', 'patch', 'request')).toContain('"priceBreaks"');
  });

  it('refuses invalid breaks with 400 and a message naming the break, and stores nothing', async () => {
    const before = await t.database.db.$count(parts);
    const cases: [object, string][] = [
      [
        { ...NEW_PART, priceBreaks: [BREAKS[0], { minQuantity: 10, price: 8 }] },
        "Break 2: its quantity must be higher than break 1's (10)",
      ],
      [
        { ...NEW_PART, priceBreaks: [BREAKS[0], { minQuantity: 50, price: 8.9 }] },
        "Break 2: its unit price must be lower than break 1's ($8.90)",
      ],
      [
        { ...NEW_PART, minOrderQuantity: 10, priceBreaks: BREAKS },
        'Break 1: its quantity must be higher than the minimum order quantity (10)',
      ],
      [
        { ...NEW_PART, price: 8.5, priceBreaks: [{ minQuantity: 10, price: 8.5 }] },
        'Break 1: its unit price must be lower than the base price ($8.50)',
      ],
      [
        { ...NEW_PART, priceBreaks: [{ minQuantity: 10, price: 8.001 }] },
        'Break 1: its unit price has at most 2 decimals',
      ],
      [
        {
          ...NEW_PART,
          priceBreaks: Array.from({ length: 11 }, (_, i) => ({
            minQuantity: 2 + i,
            price: 9 - i / 10,
          })),
        },
        'At most 10 volume prices',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await t.database.db.$count(parts)).toBe(before);
  });

  it('changes, checks and removes the breaks of a part, against its stored price and minimum', async () => {
    const id = (await add({ ...NEW_PART, name: 'Edited part', minOrderQuantity: 5 })).json()
      .insertedId as string;
    expect((await patch(id, { priceBreaks: BREAKS })).statusCode).toBe(200);
    expect((await partOf(id)).priceBreaks).toEqual(BREAKS);

    // A price at or under a stored break would make it no discount.
    const cheaper = await patch(id, { price: 8.9 });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe(
      'Break 1: its unit price must be lower than the base price ($8.90)',
    );
    const under = await patch(id, { priceBreaks: [{ minQuantity: 5, price: 9 }] });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe(
      'Break 1: its quantity must be higher than the minimum order quantity (5)',
    );
    const dearer = await patch(id, { priceBreaks: [{ minQuantity: 10, price: 9.5 }] });
    expect(dearer.json().message).toBe(
      'Break 1: its unit price must be lower than the base price ($9.50)',
    );
    expect((await partOf(id)).priceBreaks).toEqual(BREAKS);
    expect((await partOf(id)).price).toBe(9.5);

    // Both at once are checked together.
    expect(
      (await patch(id, { price: 12, priceBreaks: [{ minQuantity: 10, price: 11 }] })).statusCode,
    ).toBe(200);
    expect(await partOf(id)).toMatchObject({
      price: 12,
      priceBreaks: [{ minQuantity: 10, price: 11 }],
    });
    expect((await patch(id, { priceBreaks: [] })).statusCode).toBe(200);
    expect((await partOf(id)).priceBreaks).toEqual([]);
    expect((await patch(id, { price: 1 })).statusCode).toBe(200);
  });

  it('charges the break price that applies to the quantity, and the payment asks for that total', async () => {
    const part = await insertPart(t.database.db, {
      priceCents: 950,
      availableQuantity: 1000,
      minOrderQuantity: 1,
      priceBreaks: [
        { minQuantity: 10, priceCents: 890 },
        { minQuantity: 50, priceCents: 800 },
      ],
    });
    for (const [quantity, unit, total] of [
      [1, 9.5, 9.5],
      [9, 9.5, 85.5],
      [10, 8.9, 89],
      [49, 8.9, 436.1],
      [50, 8, 400],
      [75, 8, 600],
    ] as const) {
      const id = await purchase(part.id, quantity);
      const order = await orderOf(id);
      expect(order, `quantity ${quantity}`).toMatchObject({ price: unit, quantity, total });
      expect(await intentAmount(id)).toBe(total);
    }
  });

  it('prices a purchase with the breaks of the moment it is placed', async () => {
    const part = await insertPart(t.database.db, { priceCents: 2000, availableQuantity: 100 });
    const first = await purchase(part.id, 20);
    expect(
      (await patch(part.id, { priceBreaks: [{ minQuantity: 20, price: 15 }] })).statusCode,
    ).toBe(200);
    const second = await purchase(part.id, 20);
    expect((await orderOf(first)).total).toBe(400);
    expect((await orderOf(second)).total).toBe(300);
  });

  it('prices any quantity in SQL exactly as the contract does (property)', async () => {
    const { db } = t.database;
    const [row] = await db
      .insert(parts)
      .values({
        name: 'Property part',
        description: 'Priced by generated breaks.',
        image: '/images/parts/tool-driver-kit.svg',
        priceCents: 100,
        availableQuantity: 0,
        minOrderQuantity: 1,
      })
      .returning({ id: parts.id });
    await fc.assert(
      fc.asyncProperty(
        pricedPart,
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 20 }),
        async (part, quantities) => {
          await db.update(parts).set(part).where(eq(parts.id, row!.id));
          const priced = await db.execute(sql`
            select q.q, ${unitPriceCentsSql(sql`q.q`)} as unit
            from ${parts}, unnest(${sql.raw(`array[${quantities.join(',')}]::int[]`)}) as q(q)
            where ${parts.id} = ${row!.id}`);
          const { rows } = priced as unknown as { rows: { q: unknown; unit: unknown }[] };
          const byQuantity = new Map(rows.map((r) => [Number(r.q), Number(r.unit)]));
          for (const q of quantities)
            expect(byQuantity.get(q), `q=${q}`).toBe(unitPriceCents(part, q));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an order total is its unit price times its quantity, and the payment amount is that total (property)', async () => {
    await fc.assert(
      fc.asyncProperty(pricedPart, fc.nat(450), async (priced, extra) => {
        const quantity = priced.minOrderQuantity + extra;
        const part = await insertPart(t.database.db, { ...priced, availableQuantity: 1000 });
        const id = await purchase(part.id, quantity);
        const order = await orderOf(id);
        const unit = unitPriceCents(priced, quantity);
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
        expect(row!.unitPriceCents).toBe(unit);
        expect(order.price).toBe(unit / 100);
        expect(Math.round(order.total * 100)).toBe(unit * quantity);
        expect(Math.round((await intentAmount(id)) * 100)).toBe(unit * quantity);
      }),
      { numRuns: 15 },
    );
  });
});
