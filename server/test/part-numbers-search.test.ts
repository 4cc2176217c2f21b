import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  CataloguePart,
  PartList,
  PartSuggestions,
  SearchAnswer,
  SearchSynonym,
  SearchSynonymList,
  type PartSuggestion,
} from '@partsmith/contract';
import { auditLog, parts, type PartRow } from '../src/db/schema/index.ts';
import { DEMO_PARTS } from '../src/db/seed/demo-catalogue.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

const TAKEN = 'That part number is already used by another part.';
const SKU_FORM =
  'A part number is letters and digits, in groups joined by single dashes (FRG-D5-6000-32K) (body field "sku")';
const TERM_FORM =
  'A search word is letters a to z and digits, its words joined by a dash or a space (params field "term")';
const IMAGE = '/images/parts/tool-driver-kit.svg';

/** A part as POST /api/addParts takes it. */
const newPart = (extra: Record<string, unknown> = {}) => ({
  name: 'Cable Tester',
  description: 'Tests every pin of a cable.',
  image: IMAGE,
  price: 24.5,
  availableQuantity: 40,
  minOrderQuantity: 1,
  ...extra,
});

describe.each(DB_KINDS)("part numbers, suggestions and the trade's words on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  /** The demo catalogue as inserted, by part number. */
  const demo = new Map<string, PartRow>();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    customer = (await signUp(t, { email: 'buyer@example.com', name: 'Buyer' })).cookie;
    for (const row of await insertParts(t.database.db, DEMO_PARTS)) demo.set(row.sku, row);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie = '',
    body?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body ? { payload: body } : {}),
    });
  const get = (url: string, cookie = '') => call('GET', url, cookie);
  const addPart = (body: object) => call('POST', '/api/addParts', admin, body);
  const search = async (query: string) => {
    const res = await get(`/api/parts/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return SearchAnswer.parse(res.json());
  };
  const suggest = async (q: string) => {
    const res = await get(`/api/parts/suggest?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return PartSuggestions.parse(res.json()).items;
  };
  const idOf = (sku: string) => demo.get(sku)!.id;
  const rowById = async (id: string) =>
    (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!;
  const countParts = async () => (await t.database.db.select().from(parts)).length;
  const synonymCall = (method: 'PUT' | 'DELETE', term: string, cookie = admin, body?: object) =>
    call(method, `/api/search-synonyms/${encodeURIComponent(term)}`, cookie, body);

  it('gives every demo part its own real-looking part number', () => {
    expect(demo.size).toBe(DEMO_PARTS.length);
    for (const sku of demo.keys()) expect(sku).toMatch(/^[A-Z]{3}(-[A-Z0-9]+)+$/);
    expect(demo.get('FRG-D5-6000-32K')!.name).toBe('Forge DDR5-6000 32 GB Kit (2 x 16 GB)');
    expect(demo.get('ANV-B650M-WIFI')!.category).toBe('motherboards');
  });

  it('carries the part number in every part answer: one part, the list, the search', async () => {
    const one = await get(`/api/part/${idOf('FRG-D5-6000-32K')}`);
    expect(one.statusCode).toBe(200);
    expect(CataloguePart.parse(one.json()).sku).toBe('FRG-D5-6000-32K');
    // Asked again: the catalogue cache's stored answer has it too.
    expect(CataloguePart.parse((await get(`/api/part/${idOf('FRG-D5-6000-32K')}`)).json())).toEqual(
      CataloguePart.parse(one.json()),
    );

    const list = PartList.parse((await get('/api/allParts?limit=100')).json());
    expect(new Set(list.map((p) => p.sku))).toEqual(new Set(demo.keys()));
    for (const p of list) expect(demo.get(p.sku)!.id).toBe(p._id);

    const found = await search('q=bastion');
    expect(found.items.map((p) => p.sku).sort()).toEqual(['BST-650B-SM', 'BST-850G-MOD']);
  });

  it('keeps a given part number, makes one when none is given, and refuses a taken one', async () => {
    const given = await addPart(
      newPart({
        sku: 'ACME-CT-100',
        category: 'workshop-tools',
        attributes: { kind: 'Screwdrivers', esdSafe: false },
      }),
    );
    expect(given.statusCode, given.body).toBe(200);
    const givenId = given.json().insertedId as string;
    expect(CataloguePart.parse((await get(`/api/part/${givenId}`)).json()).sku).toBe('ACME-CT-100');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, givenId));
    expect(audit).toMatchObject({ action: 'part.add', after: { sku: 'ACME-CT-100' } });

    // Without one: PS-, the category's first three letters (GEN for none), its seq in 6 digits.
    const memory = { type: 'DDR4', capacity: 8, speed: 3200, casLatency: 16 };
    for (const [extra, prefix] of [
      [{ category: 'memory', attributes: memory }, 'PS-MEM-'],
      [{}, 'PS-GEN-'],
    ] as const) {
      const made = await addPart(newPart({ name: `Unnumbered ${prefix}`, ...extra }));
      expect(made.statusCode, made.body).toBe(200);
      const row = await rowById(made.json().insertedId);
      expect(row.sku).toBe(`${prefix}${String(row.seq).padStart(6, '0')}`);
      const answer = CataloguePart.parse((await get(`/api/part/${row.id}`)).json());
      expect(answer.sku).toBe(row.sku);
    }

    // Taken whatever its case, a deleted part's too (its orders keep the number).
    const count = await countParts();
    for (const sku of ['ACME-CT-100', 'acme-ct-100', 'Frg-D5-6000-32k']) {
      const taken = await addPart(newPart({ sku }));
      expect(taken.statusCode, sku).toBe(409);
      expect(taken.json()).toMatchObject({ statusCode: 409, message: TAKEN });
    }
    await insertPart(t.database.db, { sku: 'OLD-GONE-1', deletedAt: new Date() });
    const gone = await addPart(newPart({ sku: 'old-gone-1' }));
    expect(gone.json()).toMatchObject({ statusCode: 409, message: TAKEN });
    expect(await countParts()).toBe(count + 1);

    // Malformed: named, and nothing written.
    const made = 'Part numbers such as PS-MEM-000012 are made by the shop: leave it out';
    for (const [sku, message] of [
      ['ACME CT', SKU_FORM],
      ['ACME--CT', SKU_FORM],
      ['-ACME', SKU_FORM],
      ['A'.repeat(41), 'A part number has at most 40 characters (body field "sku")'],
      ['PS-MEM-000999', `${made} to have one made (body field "sku")`],
      ['', 'Write the part number, or leave it out to have one made (body field "sku")'],
    ]) {
      const bad = await addPart(newPart({ sku }));
      expect(bad.statusCode, sku).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect(await countParts()).toBe(count + 1);
    // 40 characters is the most.
    const longest = await addPart(newPart({ sku: `L${'0'.repeat(39)}` }));
    expect(longest.statusCode, longest.body).toBe(200);
  });

  describe('GET /api/parts/suggest', () => {
    let order: Record<'exact' | 'prefix' | 'word' | 'inside', string>;
    beforeAll(async () => {
      // Inserted last first: the order is the steps', not the catalogue's.
      const [inside, word, prefix, exact] = await insertParts(t.database.db, [
        { name: 'Deltakite winder', sku: 'DD-1', category: null },
        {
          name: 'Gamma Kitesurf pump',
          sku: 'CC-1',
          category: 'workshop-tools',
          attributes: { kind: 'Screwdrivers', esdSafe: false },
        },
        { name: 'Beta part', sku: 'KITE-200' },
        { name: 'Alpha plain part', sku: 'KITE' },
        { name: 'A deleted kite', sku: 'KITE-999', deletedAt: new Date() },
      ]);
      order = { exact: exact!.id, prefix: prefix!.id, word: word!.id, inside: inside!.id };
    });

    it('answers the exact part number, then numbers starting with it, then names', async () => {
      const items = await suggest('kite');
      const { exact: one, prefix, word, inside } = order;
      expect(items.map((i) => i._id)).toEqual([one, prefix, word, inside]);
      expect(items[2]).toEqual({
        _id: order.word,
        name: 'Gamma Kitesurf pump',
        sku: 'CC-1',
        category: 'workshop-tools',
      } satisfies PartSuggestion);
      expect(items[3]!.category).toBeNull();

      const skus = async (q: string) => (await suggest(q)).map((i) => i.sku);
      // A part number typed whole, in any case: its part first.
      expect((await skus('frg-d5-6000-32k'))[0]).toBe('FRG-D5-6000-32K');
      // The start of numbers: in the numbers' order, before the names.
      expect(await skus('FRG-D')).toEqual(['FRG-D4-3600-16K', 'FRG-D5-6000-32K']);
      // A word of the name, whatever its case; the names holding it inside come after.
      expect(await skus('forge')).toEqual(['FRG-D5-6000-32K', 'FRG-D4-3600-16K']);
      expect(await skus('  graphics card ')).toEqual(['TMP-16G-3F', 'TMP-8G-2F']);
      // Signs a pattern would read: found as written.
      expect(await skus('(2 x 16')).toEqual(['FRG-D5-6000-32K']);
      expect(await skus('12.5 w/mk')).toEqual(['TLS-TIM-4G']);
      for (const sign of ['%', '_', '\\', '\\m', '[a', '(?x', 'a{2', 'é\u0301', '💾 tool', '*'])
        expect(await suggest(sign), sign).toEqual([]);
    });

    it("suggests what the trade's words stand for, as the search finds it", async () => {
      const skus = async (q: string) => (await suggest(q)).map((i) => i.sku);
      // By name: "Power Supply", "Motherboard", "Graphics Card", in catalogue order.
      const catalogueOrder = (...list: string[]) =>
        list.sort((a, b) => demo.get(a)!.seq - demo.get(b)!.seq);
      expect(await skus('psu')).toEqual(catalogueOrder('BST-850G-MOD', 'BST-650B-SM'));
      expect(await skus(' PSU ')).toEqual(catalogueOrder('BST-850G-MOD', 'BST-650B-SM'));
      expect(await skus('mobo')).toEqual(catalogueOrder('ANV-B650M-WIFI', 'ANV-Z790-PRO'));
      expect(await skus('gpu')).toEqual(catalogueOrder('TMP-16G-3F', 'TMP-8G-2F'));
      // By category: no memory kit's name says memory; their category does (so does the part
      // added to it above, after them).
      const ram = await suggest('ram');
      expect(ram.map((i) => i.sku).slice(0, 2)).toEqual(
        catalogueOrder('FRG-D5-6000-32K', 'FRG-D4-3600-16K'),
      );
      expect(ram.map((i) => i.category)).toEqual(ram.map(() => 'memory'));
      // Both ways: nvme stands for ssd, whose part's name holds both.
      expect(await skus('ssd')).toEqual(['TRN-G4-2TB-M2']);
      // Only a word typed whole: "ps" stands for nothing yet (it starts the shop's own numbers).
      expect((await suggest('ps')).map((i) => i.category)).not.toContain('power-supplies');
    });

    it('answers at most 8, listed parts only', async () => {
      await insertParts(
        t.database.db,
        Array.from({ length: 10 }, (_, i) => ({
          name: `Lumen work light ${i + 1}`,
          sku: `LMN-${i + 1}`,
        })),
      );
      const items = await suggest('lumen');
      expect(items.map((i) => i.name)).toEqual(
        Array.from({ length: 8 }, (_, i) => `Lumen work light ${i + 1}`),
      );
      // Two letters: too short for the names' index, still found.
      expect((await suggest('lu')).map((i) => i.name)).toEqual(items.map((i) => i.name));
      expect((await suggest('kite-9')).length).toBe(0);
      expect((await suggest('deleted kite')).length).toBe(0);
    });

    it('refuses an empty, blank or too long text with a message, to anyone', async () => {
      for (const url of [
        '/api/parts/suggest',
        '/api/parts/suggest?q=',
        '/api/parts/suggest?q=%20%20',
        `/api/parts/suggest?q=${'x'.repeat(101)}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(
          /^(Type what to search for|Search text is too long) \(querystring/,
        );
      }
      // 100 characters is the most; a visitor and a customer are answered alike.
      expect((await get(`/api/parts/suggest?q=${'x'.repeat(100)}`)).statusCode).toBe(200);
      expect((await get('/api/parts/suggest?q=kite', customer)).json()).toEqual(
        (await get('/api/parts/suggest?q=kite')).json(),
      );
    });
  });

  describe("the search and the trade's words", () => {
    const ids = (answer: SearchAnswer) => answer.items.map((p) => p._id).sort();
    const demoIds = (...skus: string[]) => skus.map(idOf).sort();

    it('finds what the seeded synonyms stand for', async () => {
      // mobo: the motherboards only (as typed, not corrected to another word).
      const mobo = await search('q=mobo');
      expect(ids(mobo)).toEqual(demoIds('ANV-B650M-WIFI', 'ANV-Z790-PRO'));
      expect(mobo.searchedFor).toBeUndefined();
      expect(ids(await search('q=mainboard'))).toEqual(demoIds('ANV-B650M-WIFI', 'ANV-Z790-PRO'));
      expect(ids(await search('q=gpu'))).toEqual(demoIds('TMP-16G-3F', 'TMP-8G-2F'));
      expect(ids(await search('q=PSU'))).toEqual(demoIds('BST-850G-MOD', 'BST-650B-SM'));
      // ram: the memory kits, and whatever else says memory (the ESD mat protects it).
      const ram = await search('q=ram');
      expect(ids(ram)).toEqual(
        expect.arrayContaining(demoIds('FRG-D5-6000-32K', 'FRG-D4-3600-16K')),
      );
      expect(ids(ram)).not.toContain(idOf('TMP-16G-3F'));
      // nvme and ssd find each other; a synonym's group is one word of several.
      expect(ids(await search('q=ssd'))).toEqual(demoIds('TRN-G4-2TB-M2'));
      expect(ids(await search('q=torrent+nvme'))).toEqual(demoIds('TRN-G4-2TB-M2'));
      expect(ids(await search('q=anvil+mobo+z790'))).toEqual(demoIds('ANV-Z790-PRO'));
      // With the other filters as before.
      expect(ids(await search('q=gpu&maxPrice=300'))).toEqual(demoIds('TMP-8G-2F'));
    });

    it('finds the part whose number is typed whole first, whatever its words find', async () => {
      const numbered = await search('q=bst-650b-sm');
      expect(ids(numbered)).toEqual(demoIds('BST-650B-SM'));
      expect(numbered.searchedFor).toBeUndefined();
      // A number that is also a word of other parts: its part first, then theirs.
      const label = await insertPart(t.database.db, { name: 'Label printer', sku: 'DDR5' });
      const ddr5 = await search('q=DDR5');
      expect(ddr5.items[0]!._id).toBe(label.id);
      expect(ddr5.total).toBeGreaterThan(3);
      expect(ddr5.items.slice(1).map((p) => p._id)).toContain(idOf('FRG-D5-6000-32K'));
      // Its place is kept from page to page.
      const first = await search('q=DDR5&limit=1');
      expect(first.items.map((p) => p._id)).toEqual([label.id]);
      const next = await search(`q=DDR5&limit=60&cursor=${first.nextCursor}`);
      expect(next.items.map((p) => p._id)).toEqual(ddr5.items.slice(1).map((p) => p._id));
    });

    it('lets an admin add, change and delete synonyms, each audited and searched at once', async () => {
      const listed = await get('/api/search-synonyms', admin);
      expect(listed.statusCode).toBe(200);
      expect(SearchSynonymList.parse(listed.json())).toEqual([
        { term: 'gpu', expansion: 'graphics card' },
        { term: 'mainboard', expansion: 'motherboard' },
        { term: 'mobo', expansion: 'motherboard' },
        { term: 'nvme', expansion: 'ssd' },
        { term: 'psu', expansion: 'power supply' },
        { term: 'ram', expansion: 'memory' },
        { term: 'ssd', expansion: 'nvme' },
      ]);

      expect((await search('q=zorbo')).total).toBe(0);
      const added = await synonymCall('PUT', ' ZORBO ', admin, { expansion: ' thermal glue ' });
      expect(added.statusCode, added.body).toBe(200);
      expect(SearchSynonym.parse(added.json())).toEqual({
        term: 'zorbo',
        expansion: 'thermal glue',
      });
      expect(ids(await search('q=zorbo'))).toEqual([]);
      // Changed: every word of the expansion must be in a part's text.
      const changed = await synonymCall('PUT', 'zorbo', admin, { expansion: 'Thermal compound' });
      expect(changed.json()).toEqual({ term: 'zorbo', expansion: 'Thermal compound' });
      expect(ids(await search('q=zorbo'))).toEqual(demoIds('TLS-TIM-4G'));

      // A term of several words matches them in a row.
      expect(
        (await synonymCall('PUT', 'heat goo', admin, { expansion: 'thermal compound' })).statusCode,
      ).toBe(200);
      expect(ids(await search('q=heat+goo'))).toEqual(demoIds('TLS-TIM-4G'));
      expect(ids(await search('q=heat-goo'))).toEqual(demoIds('TLS-TIM-4G'));

      const deleted = await synonymCall('DELETE', 'Zorbo');
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await search('q=zorbo')).total).toBe(0);
      const again = await synonymCall('DELETE', 'zorbo');
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('There is no such search word.');

      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['synonym.save', 'synonym.delete']))
        .orderBy(asc(auditLog.seq));
      expect(audit.map((a) => [a.action, a.targetId, a.actorEmail])).toEqual([
        ['synonym.save', 'zorbo', 'owner@example.com'],
        ['synonym.save', 'zorbo', 'owner@example.com'],
        ['synonym.save', 'heat goo', 'owner@example.com'],
        ['synonym.delete', 'zorbo', 'owner@example.com'],
      ]);
      expect(audit[1]).toMatchObject({
        summary: 'Changed the search word "zorbo" to find "Thermal compound"',
        before: { term: 'zorbo', expansion: 'thermal glue' },
        after: { term: 'zorbo', expansion: 'Thermal compound' },
      });
      expect(audit[3]!.before).toEqual({ term: 'zorbo', expansion: 'Thermal compound' });
    });

    it('refuses a malformed term or expansion with a message', async () => {
      const expansionField = (message: string) => `${message} (body field "expansion")`;
      for (const [term, expansion, message] of [
        ['under_score', 'x', TERM_FORM],
        ['two  spaces', 'x', TERM_FORM],
        ['é', 'x', TERM_FORM],
        ['a'.repeat(41), 'x', 'A search word has at most 40 characters (params field "term")'],
        ['ok', '  ', expansionField('Write what the word means')],
        ['ok', '!!!', expansionField('What the word means needs letters or digits')],
        ['ok', 'x'.repeat(101), expansionField('What the word means has at most 100 characters')],
      ]) {
        const res = await synonymCall('PUT', term!, admin, { expansion });
        expect(res.statusCode, term).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const missing = await synonymCall('PUT', 'ok', admin, {});
      expect(missing.statusCode).toBe(400);
      expect((await get('/api/search-synonyms', admin)).json()).toHaveLength(8);
    });

    it('is for admins only: a visitor gets 401, a customer 403', async () => {
      for (const [cookie, status] of [
        ['', 401],
        [customer, 403],
      ] as const) {
        expect((await get('/api/search-synonyms', cookie)).statusCode).toBe(status);
        expect((await synonymCall('PUT', 'psu', cookie, { expansion: 'nothing' })).statusCode).toBe(
          status,
        );
        expect((await synonymCall('DELETE', 'psu', cookie)).statusCode).toBe(status);
      }
      expect(ids(await search('q=psu'))).toEqual(demoIds('BST-850G-MOD', 'BST-650B-SM'));
    });
  });
});
