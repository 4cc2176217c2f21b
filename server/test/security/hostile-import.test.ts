import net from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, isNull } from 'drizzle-orm';
import { parts } from '../../src/db/schema/index.ts';
import { generatedCatalogueCsv } from '../../src/db/seed/catalogue-csv.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { listCategories } from '../../src/modules/parts/categories.ts';
import { IMPORT_BATCH, readImport, writeImport } from '../../src/modules/parts/csv-import.ts';
import { TEXAS, addAddress } from '../address-helpers.ts';
import { signUp } from '../auth-helpers.ts';
import { DB_KINDS, buildTestApp, type TestApp } from '../helpers.ts';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
/** The 100,000-line import's files, and the requests timed without an import before each and after the last. */
const IMPORT_ROUNDS = 10;
const BASELINE_BURST = 300;

/** The value at `q` (0..1) of sorted samples. */
const quantile = (samples: readonly number[], q: number) => {
  const sorted = samples.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

/**
 * The hostile section of the security suite, the catalogue import (issue 43): a caller it refuses
 * never has a large body read, and an admin's large import does not stall the shop's other
 * requests. Each test prints its figure.
 */
describe.each(DB_KINDS)('hostile import on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let customer: string;
  /** The server's side of every connection, to read how many bytes it took in. */
  const accepted: net.Socket[] = [];
  const figure = (text: string) => console.log(`[hostile ${kind}] ${text}`);

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADMIN_EMAILS: 'owner@example.com' } });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    customer = (await signUp(t, { email: 'buyer@example.com', name: 'Buyer' })).cookie;
    t.app.server.on('connection', (socket: net.Socket) => accepted.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * POSTs `size` bytes to the import over a real connection: the headers and a first chunk, then
   * (if no answer came within a second) the rest, as fast as the server takes it. Gives the
   * answer, how much was sent when its first byte arrived, and how much the server read.
   */
  async function upload(size: number, headers: Record<string, string>) {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const server = accepted.at(-1)!;
    let sent = 0;
    let sentAtAnswer = -1;
    const received: Buffer[] = [];
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {}); // the server may close while we send
    socket.on('data', (data) => {
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      received.push(data);
    });
    const head = Object.entries({ ...headers, 'content-length': String(size) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST /api/parts/import HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n`);
    const chunk = Buffer.alloc(CHUNK, 'a');
    const send = (n: number) =>
      new Promise<void>((resolve) => {
        sent += n;
        if (socket.write(chunk.subarray(0, n))) resolve();
        else socket.once('drain', () => resolve());
      });
    await send(CHUNK);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    while (sent < size && sentAtAnswer < 0 && !socket.destroyed)
      await Promise.race([send(Math.min(CHUNK, size - sent)), closed]);
    if (!socket.destroyed) socket.end();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    const text = Buffer.concat(received).toString('utf8');
    const status = Number(text.slice(9, 12));
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    return { status, body, sentAtAnswer, serverRead: server.bytesRead };
  }

  it('refuses a visitor and a customer before reading their 15 MB upload', async () => {
    const size = 15 * MB;
    for (const [who, cookie, status, message] of [
      ['a visitor', '', 401, 'Please sign in to continue.'],
      ['a customer', customer, 403, 'Only an administrator may do that.'],
    ] as const) {
      const res = await upload(size, {
        'content-type': 'text/csv',
        ...(cookie ? { cookie } : {}),
      });
      figure(
        `${who}'s ${size / MB} MB import: ${res.status} with ${(res.sentAtAnswer / 1024).toFixed(0)} KB sent, the server read ${(res.serverRead / 1024).toFixed(0)} KB`,
      );
      expect(res.status).toBe(status);
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: status, message });
      expect(res.sentAtAnswer).toBeLessThan(MB);
      expect(res.serverRead).toBeLessThan(MB);
    }
  });

  it('answers 415 to an admin sending anything but text/csv, before reading it', async () => {
    const size = 15 * MB;
    const res = await upload(size, { 'content-type': 'application/json', cookie: admin });
    figure(
      `an admin's ${size / MB} MB JSON import: ${res.status} with ${(res.sentAtAnswer / 1024).toFixed(0)} KB sent, the server read ${(res.serverRead / 1024).toFixed(0)} KB`,
    );
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({
      statusCode: 415,
      message: 'Send the file as text/csv (a CSV file, not JSON).',
    });
    expect(res.serverRead).toBeLessThan(MB);
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'text/csvx']) {
      const small = await t.app.inject({
        method: 'POST',
        url: '/api/parts/import',
        headers: { cookie: admin, 'content-type': type },
        payload: 'name\nA\n',
      });
      expect(small.statusCode, type).toBe(415);
    }
  });

  it("keeps answering while an admin imports 100,000 lines: GET /api/categories' p99 at most 3x", async () => {
    const url = `http://127.0.0.1:${port}/api/categories`;
    const timed = async () => {
      const start = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - start;
    };
    for (let i = 0; i < 20; i++) await timed(); // warm up
    // The requests without an import are timed between the imports, interleaved with them: the
    // 100,000 lines go in IMPORT_ROUNDS files, with BASELINE_BURST requests before each and after
    // the last. One import with its baseline only before and after it (a few seconds each side,
    // against 100 s to 280 s of import) compared moments of the machine's other work (the test
    // file beside this one) instead of the shop with and without an import: 1.81x alone, more
    // than 3x in a fresh clone's run beside the rest of the suite on 2026-12-01.
    const baseline: number[] = [];
    const during: number[] = [];
    const measureBaseline = async () => {
      for (let i = 0; i < BASELINE_BURST; i++) baseline.push(await timed());
    };
    const [header, ...lines] = generatedCatalogueCsv(100_000).trimEnd().split('\r\n');
    const perRound = lines.length / IMPORT_ROUNDS;
    const rounds: string[] = [];
    let bytes = 0;
    let seconds = 0;
    for (let round = 0; round < IMPORT_ROUNDS; round++) {
      await measureBaseline();
      const file = [header, ...lines.slice(round * perRound, (round + 1) * perRound)].join('\r\n');
      bytes += file.length;
      const started = performance.now();
      const from = during.length;
      let finished = false;
      const importing = fetch(`http://127.0.0.1:${port}/api/parts/import`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'text/csv' },
        body: file,
      }).then(async (res) => {
        finished = true;
        return { status: res.status, body: await res.text() };
      });
      while (!finished) during.push(await timed());
      const answer = await importing;
      seconds += (performance.now() - started) / 1000;
      expect(answer.status, answer.body.slice(0, 300)).toBe(200);
      expect(JSON.parse(answer.body).insertedCount).toBe(perRound);
      rounds.push(quantile(during.slice(from), 0.99).toFixed(1));
    }
    await measureBaseline();

    const before = quantile(baseline, 0.99);
    const meanwhile = quantile(during, 0.99);
    figure(
      `categories p99 ${before.toFixed(1)} ms without (${baseline.length} requests in ${IMPORT_ROUNDS + 1} bursts between the imports), ${meanwhile.toFixed(1)} ms during the imports of 100,000 lines in ${IMPORT_ROUNDS} files (${(bytes / MB).toFixed(1)} MB, ${seconds.toFixed(1)} s, ${during.length} requests; p99 by file ${rounds.join(', ')} ms): ${(meanwhile / before).toFixed(2)}x; max ${Math.max(...during).toFixed(1)} ms`,
    );
    expect(during.length).toBeGreaterThan(100);
    expect(meanwhile).toBeLessThanOrEqual(3 * before);
    // The imports' own time follows the machine's: 92 to 164 s on PGlite in the runs of
    // docs/testing.md, more than 300 s in a fresh clone's run on 2026-11-30 with the machine at
    // half its speed (its CPU loop at 18 ms). What is held here is the ratio above, not that time.
  }, 900_000);

  it('writes nothing when a write fails part-way through an import', async () => {
    const listed = async () =>
      (await t.database.db.select({ n: count() }).from(parts).where(isNull(parts.deletedAt)))[0]!.n;
    const before = await listed();
    const lines = 3 * IMPORT_BATCH[kind];
    const read = await readImport({
      text: generatedCatalogueCsv(lines),
      categories: await listCategories(t.database.db),
      batch: IMPORT_BATCH[kind],
    });
    expect(read.problems).toEqual([]);
    expect(read.batches).toHaveLength(3);
    // The last statement fails (a part without a name breaks the table's NOT NULL).
    read.batches[2] = read.batches[2]!.replace(/"name":"[^"]*"/, '"name":null');
    const actor = { id: null, email: 'owner@example.com' };
    await expect(writeImport(t.database, read, actor)).rejects.toThrow();
    const after = await listed();
    figure(
      `an import failing at its last of 3 statements (${lines} parts): ${after - before} parts stay`,
    );
    expect(after).toBe(before);
  });

  it('exports the orders as a row per order line whose line totals add up to the order total', async () => {
    const buyer = await signUp(t, { email: 'lines@example.com', name: 'Line Buyer' });
    const bought = [
      [await insertPart(t.database.db, { name: 'CSV DDR5 32 GB', priceCents: 10_999 }), 2],
      [await insertPart(t.database.db, { name: 'CSV AM5 board', priceCents: 18_900 }), 1],
      [
        await insertPart(t.database.db, {
          name: '=CSV screws',
          priceCents: 150,
          minOrderQuantity: 5,
          priceBreaks: [{ minQuantity: 10, priceCents: 120 }],
        }),
        12,
      ],
    ] as const;
    for (const [part, quantity] of bought) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/cart/lines/${part.id}`,
        headers: { cookie: buyer.cookie },
        payload: { quantity },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: buyer.cookie },
      payload: { addressId: await addAddress(t, buyer.cookie, TEXAS) },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().insertedId as string;

    const res = await t.app.inject({ url: '/api/allPurchases.csv', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const records: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
    const rows = records.filter((r) => r.order_id === id);
    expect(rows.map((r) => [r.line, r.part_name, r.quantity, r.unit_price, r.line_total])).toEqual([
      ['1', 'CSV DDR5 32 GB', '2', '109.99', '219.98'],
      ['2', 'CSV AM5 board', '1', '189.00', '189.00'],
      // The volume price; the name that would be a formula is neutralised.
      ['3', "'=CSV screws", '12', '1.20', '14.40'],
    ]);
    const cents = (dollars: string) => Math.round(Number(dollars) * 100);
    const sum = rows.reduce((total, r) => total + cents(r.line_total!), 0);
    expect(new Set(rows.map((r) => r.order_total))).toEqual(new Set(['423.38']));
    expect(sum).toBe(cents(rows[0]!.order_total!));
    expect(rows.every((r) => r.customer_email === 'lines@example.com')).toBe(true);
    // The order's money beside it: shipped to Texas by Standard, taxed 8.25% with the shipping.
    expect(new Set(rows.map((r) => [r.subtotal, r.shipping, r.tax, r.total].join(' ')))).toEqual(
      new Set(['423.38 9.90 35.75 469.03']),
    );
    figure(
      `an order of ${rows.length} lines: ${rows.length} rows, line totals ${rows.map((r) => r.line_total).join(' + ')} = ${(sum / 100).toFixed(2)}, order_total ${rows[0]!.order_total}`,
    );
  });
});
