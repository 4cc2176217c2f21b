import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cart,
  MAX_CART_LINES,
  QUICK_ORDER_EMPTY,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_TOO_MANY_LINES,
  QuickOrderAnswer,
} from '@partsmith/contract';
import { visitorCarts } from '../src/db/schema/index.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { browserCookie, visitorSetCookie } from './visitor-cart-helpers.ts';

/** The file's limit on cart changes (a quick order is one), per address or account. */
const CART_LIMIT = 10;

const UNKNOWN = 'We have no part with this number.';

// Quick order (issue 49): POST /api/cart/quick-order puts a list of part numbers and quantities,
// typed or as a CSV file, in a visitor's or a customer's cart, line by line.
describe.each(DB_KINDS)('quick order by part number, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMITS: `cart=${CART_LIMIT}/10m` } });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  let nextIp = 1;
  /** Each test's visitor comes from an address of its own: the cart limit counts per address. */
  const newIp = () => `203.0.113.${nextIp++}`;
  let nextSku = 1;
  /** A part with a number of this file's own (QO-<prefix>-<n>). */
  const part = (prefix: string, fields: Parameters<typeof insertPart>[1] = {}) =>
    insertPart(db(), { sku: `QO-${prefix}-${nextSku++}`, name: `Quick ${prefix}`, ...fields });

  const send = (
    body: string | { lines: string },
    { cookie, ip, type }: { cookie?: string; ip?: string; type?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/quick-order',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      payload: body,
      remoteAddress: ip ?? newIp(),
    });
  const csv = (text: string, options: { cookie?: string; ip?: string } = {}) =>
    send(text, { ...options, type: 'text/csv; charset=utf-8' });
  const answerOf = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return QuickOrderAnswer.parse(res.json());
  };
  const cartOf = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/cart', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return Cart.parse(res.json());
  };
  const quantities = (cart: Cart) => Object.fromEntries(cart.lines.map((l) => [l.sku, l.quantity]));

  it("adds a visitor's typed list line by line: any case, any separator, repeats summed, each problem by its line", async () => {
    const memory = await part('MEM', { availableQuantity: 100, minOrderQuantity: 2 });
    const board = await part('MB', { availableQuantity: 20 });
    const screws = await part('SCR', { availableQuantity: 500, minOrderQuantity: 5 });
    const psu = await part('PSU', { availableQuantity: 3 });
    const hidden = await part('HID', { availableQuantity: 10, listed: false });
    const gone = await part('GONE', { availableQuantity: 10, deletedAt: new Date() });
    const empty = await part('OUT', { availableQuantity: 0 });

    const lines = [
      'SKU, Quantity', // 1: a header
      `${memory.sku.toLowerCase()}, 2`, // 2
      '', // 3
      `${board.sku}\t1`, // 4
      `${screws.sku}; 3`, // 5: below the minimum of 5
      `${memory.sku}   4`, // 6: memory again, 6 in all
      `${psu.sku}, 4`, // 7: 3 in stock
      'NOPE-404, 1', // 8
      `${board.sku}, 2.5`, // 9
      `${board.sku}, 0`, // 10
      `${board.sku}, lots`, // 11
      `${board.sku}`, // 12
      `${board.sku} 1 spare`, // 13
      `${hidden.sku}, 1`, // 14: unlisted, still sold by its page
      `${gone.sku}, 1`, // 15: deleted
      `${empty.sku}, 1`, // 16
      '   ', // 17
      'not a part number!, 1', // 18
    ].join('\n');
    const res = await send({ lines });
    const answer = answerOf(res);
    expect(answer.added).toEqual([
      { line: 2, sku: memory.sku, partId: memory.id, name: memory.name, quantity: 6 },
      { line: 4, sku: board.sku, partId: board.id, name: board.name, quantity: 1 },
      { line: 14, sku: hidden.sku, partId: hidden.id, name: hidden.name, quantity: 1 },
    ]);
    expect(answer.problems).toEqual([
      { line: 5, sku: screws.sku, reason: 'The minimum order is 5.' },
      { line: 7, sku: psu.sku, reason: 'Only 3 in stock.' },
      { line: 8, sku: 'NOPE-404', reason: UNKNOWN },
      { line: 9, sku: board.sku, reason: 'The quantity must be a whole number, 1 or more.' },
      { line: 10, sku: board.sku, reason: 'The quantity must be a whole number, 1 or more.' },
      { line: 11, sku: board.sku, reason: 'The quantity must be a whole number, 1 or more.' },
      {
        line: 12,
        sku: board.sku,
        reason: 'The quantity is missing: write it after the part number (PS-MEM-000012, 4).',
      },
      {
        line: 13,
        sku: board.sku,
        reason:
          'This line cannot be read: write the part number, then the quantity (PS-MEM-000012, 4).',
      },
      { line: 15, sku: gone.sku, reason: UNKNOWN },
      { line: 16, sku: empty.sku, reason: 'This part is out of stock.' },
      { line: 18, sku: 'not a part number!', reason: UNKNOWN },
    ]);

    // The visitor's cart was made, named by its cookie, and holds what was added.
    const cookie = browserCookie(res);
    expect(quantities(await cartOf(cookie))).toEqual({
      [memory.sku]: 6,
      [board.sku]: 1,
      [hidden.sku]: 1,
    });

    // A second list adds to what the cart holds; the sum is what is checked.
    const again = answerOf(
      await send({ lines: `${memory.sku},90\n${board.sku},19\r\n${board.sku},1` }, { cookie }),
    );
    expect(again.added).toEqual([
      { line: 1, sku: memory.sku, partId: memory.id, name: memory.name, quantity: 90 },
    ]);
    const twice =
      'Only 20 in stock, and your cart already holds 1. Lines 2 and 3 ask for 20 together.';
    expect(again.problems).toEqual([
      { line: 2, sku: board.sku, reason: twice },
      { line: 3, sku: board.sku, reason: twice },
    ]);
    expect(quantities(await cartOf(cookie))).toEqual({
      [memory.sku]: 96,
      [board.sku]: 1,
      [hidden.sku]: 1,
    });
  });

  it("reads a CSV file into a customer's cart: CRLF, a byte-order mark, quotes, semicolons, the header's columns in any order", async () => {
    const { cookie } = await signUp(t, { email: 'quick-buyer@example.com', ip: newIp() });
    const ram = await part('RAM', { availableQuantity: 40, minOrderQuantity: 4 });
    const fan = await part('FAN', { availableQuantity: 30 });
    const file =
      '\uFEFFQuantity;Part number;Note\r\n' + // 1
      `8;${ram.sku.toLowerCase()};"for the lab; rack 2"\r\n` + // 2
      '\r\n' + // 3
      `"2";"${fan.sku}";\r\n` + // 4
      ';;\r\n' + // 5: nothing on it
      `1;${ram.sku};\r\n` + // 6: 9 RAM in all
      `3;"NOPE-1"\r\n` + // 7
      `x;${fan.sku}\r\n`; // 8
    const answer = answerOf(await csv(file, { cookie }));
    expect(answer.added).toEqual([
      { line: 2, sku: ram.sku, partId: ram.id, name: ram.name, quantity: 9 },
      { line: 4, sku: fan.sku, partId: fan.id, name: fan.name, quantity: 2 },
    ]);
    expect(answer.problems).toEqual([
      { line: 7, sku: 'NOPE-1', reason: UNKNOWN },
      { line: 8, sku: fan.sku, reason: 'The quantity must be a whole number, 1 or more.' },
    ]);
    const cart = await cartOf(cookie);
    expect(quantities(cart)).toEqual({ [ram.sku]: 9, [fan.sku]: 2 });
    expect(cart.count).toBe(11);

    // A file without a header, comma-separated, LF and CR endings mixed; a quote left open stops
    // the reading at its line, and the lines before it are added.
    const open = answerOf(
      await csv(`${fan.sku},1\r${ram.sku},"1"\n"${fan.sku},2\nNOPE-2,1\n`, { cookie }),
    );
    expect(open.added.map((a) => [a.line, a.sku, a.quantity])).toEqual([
      [1, fan.sku, 1],
      [2, ram.sku, 1],
    ]);
    expect(open.problems).toEqual([
      {
        line: 3,
        sku: '',
        reason:
          'The file cannot be read from this line on: a quoted field is not closed (a " is missing).',
      },
    ]);
    expect(quantities(await cartOf(cookie))).toEqual({ [ram.sku]: 10, [fan.sku]: 3 });
  });

  it('makes no cart and sets no cookie when nothing is added, and refuses empty, long and wrongly sent lists', async () => {
    const carts = await db().$count(visitorCarts);
    const none = await send({ lines: 'NOPE-9, 1\nNOPE-10, 2' });
    expect(answerOf(none)).toEqual({
      added: [],
      problems: [
        { line: 1, sku: 'NOPE-9', reason: UNKNOWN },
        { line: 2, sku: 'NOPE-10', reason: UNKNOWN },
      ],
    });
    expect(visitorSetCookie(none)).toBeUndefined();
    expect(await db().$count(visitorCarts)).toBe(carts);

    for (const lines of ['', '  \n\r\n\t', 'sku,quantity\n\n']) {
      const res = await send({ lines });
      expect(res.statusCode, lines).toBe(422);
      expect(res.json().message).toBe(QUICK_ORDER_EMPTY);
    }
    expect((await csv('\uFEFFsku;qty\r\n')).json().message).toBe(QUICK_ORDER_EMPTY);

    const board = await part('MANY', { availableQuantity: 10_000 });
    const many = Array.from({ length: QUICK_ORDER_MAX_LINES }, () => `${board.sku},1`);
    // 500 lines, with a header and blank lines besides: read, and summed.
    const full = answerOf(await send({ lines: ['sku,qty', ...many, '', ''].join('\n') }));
    expect(full.added).toEqual([
      { line: 2, sku: board.sku, partId: board.id, name: board.name, quantity: 500 },
    ]);
    const tooMany = await send({ lines: [...many, `${board.sku},1`].join('\n') });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(QUICK_ORDER_TOO_MANY_LINES);
    const tooManyCsv = await csv([...many, `${board.sku},1`].join('\r\n'));
    expect(tooManyCsv.statusCode).toBe(422);

    // 100 kB at most: a longer text is refused (400), a larger file too (413), before reading it.
    const long = 'X'.repeat(QUICK_ORDER_MAX_BYTES + 1);
    const text = await send({ lines: long });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/at most 100 kB/);
    expect((await csv(long)).statusCode).toBe(413);

    // JSON with `lines`, or text/csv: nothing else.
    expect((await send('PS-MEM-000012, 4', { type: 'application/json' })).statusCode).toBe(400);
    expect(
      (await send(JSON.stringify('PS-MEM-000012, 4'), { type: 'application/json' })).statusCode,
    ).toBe(400);
    expect((await send('PS-MEM-000012, 4', { type: 'text/plain' })).statusCode).toBe(415);
    expect((await send({ lines: 4 } as never)).statusCode).toBe(400);
  });

  it(`adds at most ${MAX_CART_LINES} different parts to a cart, and the rest are problems`, async () => {
    const ip = newIp();
    const parts = await insertParts(
      db(),
      Array.from({ length: MAX_CART_LINES + 2 }, (_, i) => ({
        sku: `QO-FULL-${i + 1}`,
        availableQuantity: 10,
      })),
    );
    const first = await send({ lines: `${parts[0]!.sku}, 1` }, { ip });
    const cookie = browserCookie(first);
    const answer = answerOf(
      await send({ lines: parts.map((p) => `${p.sku}, 1`).join('\n') }, { cookie, ip }),
    );
    // The first part was in the cart already: it gets one more, and 49 new parts join it.
    expect(answer.added).toHaveLength(MAX_CART_LINES);
    expect(answer.added[0]).toMatchObject({ line: 1, quantity: 1 });
    const full = `A cart holds at most ${MAX_CART_LINES} different parts: check out or remove some first.`;
    expect(answer.problems).toEqual([
      { line: MAX_CART_LINES + 1, sku: parts[MAX_CART_LINES]!.sku, reason: full },
      { line: MAX_CART_LINES + 2, sku: parts[MAX_CART_LINES + 1]!.sku, reason: full },
    ]);
    const cart = await cartOf(cookie);
    expect(cart.lines).toHaveLength(MAX_CART_LINES);
    expect(cart.lines[0]).toMatchObject({ sku: parts[0]!.sku, quantity: 2 });
  });

  it('counts each quick order against the cart limit (429)', async () => {
    const ip = newIp();
    const fan = await part('LIMIT', { availableQuantity: 1000 });
    for (let i = 0; i < CART_LIMIT; i++) answerOf(await send({ lines: `${fan.sku}, 1` }, { ip }));
    const refused = await send({ lines: `${fan.sku}, 1` }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
