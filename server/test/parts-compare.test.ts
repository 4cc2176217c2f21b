import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CataloguePart, PartCompareMissing, PartComparison } from '@partsmith/contract';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

const UNKNOWN = '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe.each(DB_KINDS)('GET /api/parts/compare on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** The parts by a short name: two kits of memory, a drive, a board, a part without category. */
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    const db = t.database.db;
    const made = {
      ddr5: await insertPart(db, {
        name: 'Forge DDR5-6000 32 GB Kit',
        category: 'memory',
        attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
        priceCents: 12_900,
      }),
      ddr4: await insertPart(db, {
        name: 'Anvil DDR4-3200 16 GB Kit',
        category: 'memory',
        // No CAS latency recorded: its value is null.
        attributes: { type: 'DDR4', capacity: 16, speed: 3200 },
        priceCents: 4_500,
      }),
      ssd: await insertPart(db, {
        name: 'Torrent NVMe 2 TB',
        category: 'storage',
        attributes: { interface: 'NVMe PCIe 4.0', capacity: 2000, formFactor: 'M.2 2280' },
      }),
      board: await insertPart(db, {
        name: 'Bastion B650 ATX',
        category: 'motherboards',
        attributes: { socket: 'AM5', chipset: 'B650', formFactor: 'ATX', memoryType: 'DDR5' },
      }),
      ties: await insertPart(db, { name: 'Cable ties, 100' }),
      straps: await insertPart(db, { name: 'Velcro straps, 20' }),
      gone: await insertPart(db, {
        name: 'Retired kit',
        category: 'memory',
        attributes: { type: 'DDR4', capacity: 8, speed: 2666, casLatency: 19 },
        deletedAt: new Date(),
      }),
    };
    for (const [name, row] of Object.entries(made)) id[name] = row.id;
  });
  afterAll(() => t.close());

  const ask = (ids: string) => t.app.inject(`/api/parts/compare?ids=${encodeURIComponent(ids)}`);
  const compare = async (...names: string[]) => {
    const res = await ask(names.map((n) => id[n] ?? n).join(','));
    expect(res.statusCode, res.body).toBe(200);
    return PartComparison.parse(res.json());
  };
  const rows = (answer: PartComparison) =>
    Object.fromEntries(answer.attributes.map((a) => [a.label, a.values]));

  it('answers the parts in the order asked, each as the catalogue answers it', async () => {
    const answer = await compare('ssd', 'ddr5', 'board');
    expect(answer.parts.map((p) => p._id)).toEqual([id.ssd, id.ddr5, id.board]);
    for (const part of answer.parts) {
      const page = CataloguePart.parse((await t.app.inject(`/api/part/${part._id}`)).json());
      expect(part).toEqual(page);
    }
    expect(answer.parts[1]).toMatchObject({ price: 129, categoryName: 'Memory' });
    const reversed = await compare('board', 'ddr5', 'ssd');
    expect(reversed.parts.map((p) => p._id)).toEqual([id.board, id.ddr5, id.ssd]);
    // Each part's values follow it.
    expect(rows(reversed)['Form factor']).toEqual(['ATX', null, 'M.2 2280']);
  });

  it('gives one row per attribute of the category, formatted, null where a part has none', async () => {
    const answer = await compare('ddr4', 'ddr5');
    expect(answer.attributes).toEqual([
      { key: 'type', label: 'Type', values: ['DDR4', 'DDR5'] },
      { key: 'capacity', label: 'Capacity', values: ['16 GB', '32 GB'] },
      { key: 'speed', label: 'Speed', values: ['3200 MT/s', '6000 MT/s'] },
      { key: 'casLatency', label: 'CAS latency', values: [null, '30 CL'] },
    ]);
  });

  it("joins the categories' attributes in the shop's order, a shared key once", async () => {
    // Asked as drive, board, memory: the rows stay in the categories' order (memory, boards, storage).
    const answer = await compare('ssd', 'board', 'ddr5', 'ties');
    expect(answer.attributes.map((a) => a.key)).toEqual([
      'type',
      'capacity',
      'speed',
      'casLatency',
      'socket',
      'chipset',
      'formFactor',
      'memoryType',
      'interface',
    ]);
    expect(rows(answer)).toEqual({
      Type: [null, null, 'DDR5', null],
      Capacity: ['2000 GB', null, '32 GB', null],
      Speed: [null, null, '6000 MT/s', null],
      'CAS latency': [null, null, '30 CL', null],
      Socket: [null, 'AM5', null, null],
      Chipset: [null, 'B650', null, null],
      'Form factor': ['M.2 2280', 'ATX', null, null],
      'Memory type': [null, 'DDR5', null, null],
      Interface: ['NVMe PCIe 4.0', null, null, null],
    });
  });

  it('has no rows for parts without a category', async () => {
    const answer = await compare('ties', 'straps');
    expect(answer.parts.map((p) => p.name)).toEqual(['Cable ties, 100', 'Velcro straps, 20']);
    expect(answer.attributes).toEqual([]);
  });

  it('takes 2 to 4 distinct ids, and says what is wrong otherwise (400)', async () => {
    const refused = async (query: string, message: RegExp) => {
      const res = await t.app.inject(`/api/parts/compare${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message, query).toMatch(message);
    };
    await refused('', /ids/);
    await refused('?ids=', /at least 2 parts/);
    await refused(`?ids=${id.ddr5}`, /at least 2 parts/);
    await refused(`?ids=${id.ddr5},`, /at least 2 parts/);
    const five = [id.ddr5, id.ddr4, id.ssd, id.board, id.ties].join(',');
    await refused(`?ids=${five}`, /at most 4 parts/);
    await refused(`?ids=${id.ddr5},${id.ddr5}`, /asked for twice/);
    await refused(`?ids=${id.ddr5},${id.ddr4},${id.ddr5!.toUpperCase()}`, /asked for twice/);
    expect((await compare('ddr5', 'ddr4', 'ssd', 'board')).parts).toHaveLength(4);
  });

  it.each([
    ['a word', 'not-a-uuid', /"not-a-uuid" is not a valid part id/],
    ['SQL', "1' or '1'='1", /is not a valid part id/],
    ['a uuid without dashes', '0b1e2c3d4e5f4a6b8c7d9e0f1a2b3c4d', /is not a valid part id/],
    ['500 characters', 'x'.repeat(500), /Too many part ids/],
  ])('refuses a malformed id (%s) with 400 before any lookup', async (_, bad, message) => {
    const res = await ask(`${id.ddr5},${bad}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 naming an id that is unknown or taken out of the catalogue', async () => {
    const unknown = await ask(`${id.ddr5},${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    const problem = PartCompareMissing.parse(unknown.json());
    expect(problem.missing).toEqual([UNKNOWN]);
    expect(problem.message).toContain(UNKNOWN);

    const both = PartCompareMissing.parse((await ask(`${id.gone},${id.ddr5},${UNKNOWN}`)).json());
    expect(both.statusCode).toBe(404);
    expect(both.missing).toEqual([id.gone, UNKNOWN]);
    expect(both.message).toContain(id.gone);
  });

  it('may be kept a short while, and follows every change of the catalogue', async () => {
    const first = await ask(`${id.ddr4},${id.straps}`);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await ask(`${id.ddr4},${id.straps}`);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('public, max-age=60');

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id.straps}`,
      headers: { cookie: admin },
      payload: { price: 3.25 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await compare('ddr4', 'straps')).parts[1]!.price).toBe(3.25);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tools/${id.straps}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await ask(`${id.ddr4},${id.straps}`);
    expect(gone.statusCode).toBe(404);
    expect(PartCompareMissing.parse(gone.json()).missing).toEqual([id.straps]);
  });
});
