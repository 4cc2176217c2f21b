import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CataloguePart, CategoryList, SearchAnswer, type Attributes } from '@partsmith/contract';
import { insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

/** A small seeded generator, so that a failure names data that can be made again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS = ['Forge', 'Anvil', 'Bastion', 'Torrent'] as const;

interface Generated {
  name: string;
  category: string;
  attributes: Attributes;
  priceCents: number;
  availableQuantity: number;
  minOrderQuantity: number;
}

/** Memory, power supplies and storage parts with every attribute of their category. */
function generate(count: number, seed: number): Generated[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const brand = pick(BRANDS);
    const common = {
      priceCents: 500 + Math.floor(next() * 50_000),
      availableQuantity: pick([0, 0, 1, 5, 50, 400]),
      minOrderQuantity: pick([1, 1, 2, 10]),
    };
    const kind = pick(['memory', 'power-supplies', 'storage'] as const);
    if (kind === 'memory') {
      const attributes = {
        type: pick(['DDR4', 'DDR5']),
        capacity: pick([8, 16, 32, 64]),
        speed: pick([3200, 3600, 5600, 6000, 6400]),
        casLatency: pick([16, 18, 30, 36]),
      };
      return {
        ...common,
        name: `${brand} ${attributes.type}-${attributes.speed} ${attributes.capacity} GB Kit ${i}`,
        category: kind,
        attributes,
      };
    }
    if (kind === 'power-supplies') {
      const attributes = {
        wattage: pick([550, 650, 750, 850, 1000]),
        efficiency: pick(['80 PLUS Bronze', '80 PLUS Gold', '80 PLUS Platinum']),
        modular: pick([true, false]),
      };
      return {
        ...common,
        name: `${brand} ${attributes.wattage} W Power Supply ${i}`,
        category: kind,
        attributes,
      };
    }
    const attributes = {
      interface: pick(['NVMe PCIe 4.0', 'NVMe PCIe 5.0', 'SATA']),
      capacity: pick([500, 1000, 2000, 4000]),
      formFactor: pick(['M.2 2280', '2.5 in']),
    };
    return {
      ...common,
      name: `${brand} SSD ${attributes.capacity} GB ${i}`,
      category: kind,
      attributes,
    };
  });
}

type Filters = Record<string, string[]>;

interface Search {
  brand?: (typeof BRANDS)[number];
  category?: string;
  filters?: Filters;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
}

const matches = (p: Generated, s: Search, skip?: string) =>
  (!s.brand || p.name.startsWith(`${s.brand} `)) &&
  (s.minPrice === undefined || p.priceCents >= s.minPrice * 100) &&
  (s.maxPrice === undefined || p.priceCents <= s.maxPrice * 100) &&
  (!s.inStock || (p.availableQuantity > 0 && p.availableQuantity >= p.minOrderQuantity)) &&
  (!s.category || p.category === s.category) &&
  Object.entries(s.filters ?? {}).every(
    ([key, values]) => key === skip || values.includes(String(p.attributes[key])),
  );

function url(s: Search, extra = '') {
  const params = new URLSearchParams();
  if (s.brand) params.set('q', s.brand);
  if (s.category) params.set('category', s.category);
  for (const [key, values] of Object.entries(s.filters ?? {}))
    for (const v of values) params.append(`f.${key}`, v);
  if (s.minPrice !== undefined) params.set('minPrice', String(s.minPrice));
  if (s.maxPrice !== undefined) params.set('maxPrice', String(s.maxPrice));
  if (s.inStock) params.set('inStock', 'true');
  return `/api/parts/search?${params}${extra}`;
}

describe.each(DB_KINDS)('the catalogue by specification on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const data: Generated[] = [
    ...generate(400, 27),
    {
      name: 'Corsair Vengeance RGB 32 GB',
      category: 'memory',
      attributes: { type: 'DDR5', capacity: 32, speed: 7200, casLatency: 34 },
      priceCents: 18900,
      availableQuantity: 100,
      minOrderQuantity: 1,
    },
  ];
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    await insertParts(
      t.database.db,
      data.map((p) => ({ ...p, description: 'Made and tested by Partsmith.' })),
    );
  });
  afterAll(() => t.close());

  const search = async (path: string) => {
    const res = await t.app.inject(path);
    expect(res.statusCode, res.body).toBe(200);
    return SearchAnswer.parse(res.json());
  };

  it('lists the seven categories with their typed attributes', async () => {
    const res = await t.app.inject('/api/categories');
    const list = CategoryList.parse(res.json());
    expect(list.map((c) => c.name)).toEqual([
      'Memory',
      'Motherboards',
      'Processors',
      'Graphics cards',
      'Power supplies',
      'Storage',
      'Workshop tools',
    ]);
    expect(list[0]!.attributes.map((a) => [a.key, a.type, a.unit ?? ''])).toEqual([
      ['type', 'enum', ''],
      ['capacity', 'number', 'GB'],
      ['speed', 'number', 'MT/s'],
      ['casLatency', 'number', 'CL'],
    ]);
  });

  const cases: Search[] = [
    { category: 'memory' },
    { category: 'memory', filters: { type: ['DDR5'], speed: ['6000', '6400'] } },
    { brand: 'Forge', category: 'memory', filters: { type: ['DDR4'], capacity: ['16'] } },
    { category: 'power-supplies', filters: { modular: ['true'] }, inStock: true },
    { brand: 'Bastion', category: 'power-supplies', minPrice: 100, maxPrice: 300 },
    { category: 'storage', filters: { interface: ['SATA', 'NVMe PCIe 5.0'] }, maxPrice: 250 },
    { brand: 'Anvil', inStock: true },
    {},
  ];

  it.each(cases)('counts every facet exactly as a brute-force count does: %j', async (s) => {
    const answer = await search(url(s, '&limit=60'));
    expect(answer.total).toBe(data.filter((p) => matches(p, s)).length);
    // Category counts leave out the category and attribute filters.
    const byCategory = new Map<string, number>();
    for (const p of data.filter((p) => matches(p, { ...s, category: undefined, filters: {} })))
      byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + 1);
    expect(Object.fromEntries(answer.facets.categories.map((c) => [c.slug, c.count]))).toEqual(
      Object.fromEntries(byCategory),
    );
    // Each attribute's counts leave out its own filter only.
    if (!s.category) expect(answer.facets.attributes).toEqual([]);
    for (const facet of answer.facets.attributes) {
      const expected = new Map<string, number>();
      for (const p of data.filter((p) => matches(p, s, facet.key))) {
        const v = String(p.attributes[facet.key]);
        expected.set(v, (expected.get(v) ?? 0) + 1);
      }
      for (const v of s.filters?.[facet.key] ?? []) if (!expected.has(v)) expected.set(v, 0);
      expect(Object.fromEntries(facet.values.map((v) => [v.value, v.count])), facet.key).toEqual(
        Object.fromEntries(expected),
      );
      for (const v of facet.values)
        expect(v.selected).toBe((s.filters?.[facet.key] ?? []).includes(v.value));
    }
  });

  it('walks every page of every sort: each part once, in order', async () => {
    const s: Search = { category: 'memory' };
    const expected = data.filter((p) => matches(p, s)).length;
    for (const sort of ['relevance', 'price-asc', 'price-desc', 'newest']) {
      const seen: CataloguePart[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer: SearchAnswer = await search(
          url(s, `&sort=${sort}&limit=17${cursor ? `&cursor=${cursor}` : ''}`),
        );
        seen.push(...answer.items);
        cursor = answer.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      expect(seen.length, sort).toBe(expected);
      expect(new Set(seen.map((p) => p._id)).size, sort).toBe(expected);
      const prices = seen.map((p) => p.price);
      if (sort === 'price-asc') expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (sort === 'price-desc') expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }
    // Ranked by relevance: the pages of a text search hold each match once too.
    const ranked: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: SearchAnswer = await search(
        `/api/parts/search?q=forge+ddr5&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      ranked.push(...answer.items.map((p) => p._id));
      cursor = answer.nextCursor;
    } while (cursor);
    const forgeDdr5 = data.filter(
      (p) => p.name.startsWith('Forge ') && p.attributes.type === 'DDR5',
    ).length;
    expect(new Set(ranked).size).toBe(forgeDdr5);
    expect(ranked.length).toBe(forgeDdr5);
  });

  it('finds a part by a misspelt word and says what it searched for', async () => {
    const answer = await search('/api/parts/search?q=vengance+corsiar');
    expect(answer.items.map((p) => p.name)).toEqual(['Corsair Vengeance RGB 32 GB']);
    expect(answer.searchedFor).toBe('vengeance corsair');
    const exact = await search('/api/parts/search?q=Vengeance');
    expect(exact.searchedFor).toBeUndefined();
    expect(exact.total).toBe(1);
    // An attribute value is searched too ("7200" is only the Corsair kit's speed), and a prefix.
    expect((await search('/api/parts/search?q=7200')).total).toBe(1);
    expect((await search('/api/parts/search?q=venge')).total).toBe(1);
  });

  it('answers a bad search with a 400 that says why', async () => {
    for (const [path, message] of [
      [
        '/api/parts/search?category=memory&f.wattage=850',
        '"wattage" is not an attribute of Memory',
      ],
      ['/api/parts/search?f.nope=1', '"nope" is not an attribute of any category'],
      ['/api/parts/search?category=nope', 'This category does not exist.'],
      ['/api/parts/search?minPrice=20&maxPrice=10', 'The lowest price is above the highest'],
      ['/api/parts/search?cursor=abc', 'Not a valid cursor'],
      ['/api/parts/search?category=memory&f.speed=fast', 'Speed must be a number'],
    ]) {
      const res = await t.app.inject(path!);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toContain(message);
    }
    // A cursor made by hand with values out of their columns' range is refused, not sent on.
    for (const forged of [
      ['price-asc', 1e20, 1],
      ['relevance', 1e300, 1],
      ['newest', 1, -5],
    ]) {
      const cursor = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const sort = forged[0];
      const res = await t.app.inject(`/api/parts/search?sort=${sort}&cursor=${cursor}`);
      expect(res.statusCode, String(forged)).toBe(400);
    }
    const other = await search('/api/parts/search?sort=price-asc&limit=1');
    const res = await t.app.inject(`/api/parts/search?sort=newest&cursor=${other.nextCursor}`);
    expect(res.statusCode).toBe(400);
  });

  it('lets an admin file a part under a category, its attributes checked by its schema', async () => {
    const add = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/addParts',
        headers: { cookie: admin },
        payload: body,
      });
    const part = {
      name: 'Bastion 1000 W Titanium',
      description: 'Quiet and efficient.',
      availableQuantity: 10,
      minOrderQuantity: 1,
      price: 249,
      image: '/images/parts/psu-850w.svg',
      category: 'power-supplies',
    };
    const wrong = await add({ ...part, attributes: { wattage: 1000, efficiency: 'Gold' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain('Efficiency rating must be one of');
    const missing = await add({ ...part, attributes: { wattage: 1000 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Efficiency rating is Required');
    const extra = await add({
      ...part,
      attributes: { wattage: 1000, efficiency: '80 PLUS Titanium', modular: true, rgb: true },
    });
    expect(extra.json().message).toBe('"rgb" is not an attribute of this category');
    const ok = await add({
      ...part,
      attributes: { wattage: '1000', efficiency: '80 PLUS Titanium', modular: 'true' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().insertedId as string;
    const stored = CataloguePart.parse((await t.app.inject(`/api/part/${id}`)).json());
    expect(stored).toMatchObject({
      category: 'power-supplies',
      attributes: { wattage: 1000, efficiency: '80 PLUS Titanium', modular: true },
    });
    expect((await search('/api/parts/search?q=titanium')).items[0]!._id).toBe(id);
    // Moved to another category, the part takes that category's attributes.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
      payload: { category: 'workshop-tools', attributes: { kind: 'Cleaning', esdSafe: false } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = CataloguePart.parse((await t.app.inject(`/api/part/${id}`)).json());
    expect(after.attributes).toEqual({ kind: 'Cleaning', esdSafe: false });
  });

  it('lets an admin add a category, once', async () => {
    const body = {
      slug: 'cooling',
      name: 'Cooling',
      attributes: [
        { key: 'kind', label: 'Kind', type: 'enum', options: ['Air', 'Liquid'] },
        { key: 'fanSize', label: 'Fan size', type: 'number', unit: 'mm', integer: true },
      ],
    };
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { cookie: admin },
        payload: body,
      });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(409);
    const list = CategoryList.parse((await t.app.inject('/api/categories')).json());
    expect(list.at(-1)).toMatchObject({ slug: 'cooling', name: 'Cooling' });
    const noOptions = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: {
        slug: 'fans',
        name: 'Fans',
        attributes: [{ key: 'kind', label: 'Kind', type: 'enum' }],
      },
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().message).toContain('Attribute "Kind" needs its choices');
  });
});
