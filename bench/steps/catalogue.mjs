// The catalogue on PGlite: its list and a part's page against the raw node:http ceiling, the p99
// of its pages against a bare PGlite, and its growth from 1,000 to 100,000 parts.
import { LIST } from '../lib/cursors.mjs';
import { capture, interleaved } from '../lib/load.mjs';
import { sideBySide } from '../lib/reference.mjs';
import { listStatements, pageParams } from '../lib/statements.mjs';
import { addPathLatency, bareA, latencyLoad, pgliteEnv, rawCeiling } from './shared.mjs';
import {
  CONNECTIONS,
  jitterNote,
  LATENCY_ROUNDS,
  owe,
  PORT,
  ROUND_SECONDS,
  ROUNDS,
} from './settings.mjs';

/** Goals of the list's p99 ratios (decision 055). */
const P99_CACHED_GOAL = 3;
const P99_PGLITE_PATH_GOAL = 3;

export const list = {
  key: 'list',
  title: 'catalogue list on PGlite against the raw node:http ceiling',
  owed: [
    owe('list cached / raw', 0.8),
    owe('list uncached / raw, PGlite', 0.02),
    owe('p99 cached list / raw, 4 connections', P99_CACHED_GOAL, { higher: false }),
    owe('p99 PGlite path / bare PGlite, 4 connections', P99_PGLITE_PATH_GOAL, { higher: false }),
  ],
  run: async (b) => {
    const a = b.shared.a;
    const { raw, answer, cacheHeaders } = await rawCeiling(b, a.url);
    b.notes.push(
      `first page: ${answer.bytes} bytes${cacheHeaders.length ? `, cache headers: ${cacheHeaders.join('; ')}` : ''}; the shop's catalogue cache sends no header of its own, so "cached" is told apart from "uncached" by the two figures`,
    );
    const ceiling = {
      label: 'raw',
      url: raw.url,
      path: LIST,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
    };
    const [, cached] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [
        ceiling,
        { label: 'shop', url: a.url, path: LIST, connections: CONNECTIONS, seconds: ROUND_SECONDS },
      ],
    });
    b.add({
      name: 'list cached / raw',
      value: cached.ratio,
      unit: 'x',
      goal: 0.8,
      note: `shop ${cached.rps.toFixed(0)}/s; same URL repeated`,
    });
    const [, uncached] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [
        ceiling,
        {
          label: 'shop',
          url: a.url,
          path: b.uncachedPaths(1000),
          connections: CONNECTIONS,
          seconds: ROUND_SECONDS,
        },
      ],
    });
    b.add({
      name: 'list uncached / raw, PGlite',
      value: uncached.ratio,
      unit: 'x',
      goal: 0.02,
      note: `shop ${uncached.rps.toFixed(0)}/s; a new cursor every request`,
    });
    const cpu = await b.sampleJitter('list');
    b.addRatio({
      name: 'p99 cached list / raw, 4 connections',
      rounds: await sideBySide({
        rounds: LATENCY_ROUNDS,
        log: b.log,
        unit: ' ms',
        reference: async () => (await latencyLoad(raw.url, LIST)).p99,
        shop: async () => (await latencyLoad(a.url, LIST)).p99,
      }),
      reference: 'raw',
      sideUnit: ' ms',
      goal: P99_CACHED_GOAL,
      higher: false,
      note: `the same first page, the raw ceiling replaying it; ${ROUND_SECONDS} s a side a round, every answer's own time${jitterNote(cpu)}`,
    });
    // The reference: the server's own two statements of an uncached page (the page past a new
    // cursor and the listed count, at once as the server sends them) on the bare PGlite copy,
    // four callers at a time, as the shop gets four requests at a time.
    const bare = await bareA(b);
    const [page, count] = await listStatements('0');
    await addPathLatency(b, {
      name: 'p99 PGlite path / bare PGlite, 4 connections',
      url: a.url,
      bareOnce: (cursor) =>
        Promise.all([bare.run(page.sql, pageParams(page, cursor)), bare.run(count.sql)]),
      reference: 'bare PGlite',
      goal: P99_PGLITE_PATH_GOAL,
      note: `a page no one asked before, every request; the reference: the server's statements of such a page (modules/parts/repository.ts) on a bare PGlite opened on a copy of the folder in the bench's process, 4 at a time${jitterNote(cpu)}`,
    });
    await raw.stop();
    b.running.delete(raw);
  },
};

export const partPage = {
  key: 'part-page',
  title: "a part's page (server-rendered HTML) on PGlite against the raw node:http ceiling",
  owed: [owe('part page HTML / raw', 0.5)],
  run: async (b) => {
    const a = b.shared.a;
    const [first] = await (await fetch(`${a.url}${LIST}?limit=1`)).json();
    const page = `/parts/${first._id}`;
    const { raw, answer } = await rawCeiling(b, a.url, page);
    if (answer.status !== 200 || !String(answer.headers['content-type']).includes('text/html'))
      throw new Error(`${page} answered ${answer.status} ${answer.headers['content-type']}`);
    const [, shop] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [
        {
          label: 'raw',
          url: raw.url,
          path: page,
          connections: CONNECTIONS,
          seconds: ROUND_SECONDS,
        },
        { label: 'shop', url: a.url, path: page, connections: CONNECTIONS, seconds: ROUND_SECONDS },
      ],
    });
    b.add({
      name: 'part page HTML / raw',
      value: shop.ratio,
      unit: 'x',
      goal: 0.5,
      note: `shop ${shop.rps.toFixed(0)}/s; ${page}, ${answer.bytes} bytes of HTML rendered for everybody alike and kept until the catalogue changes; the ceiling replays the same answer`,
    });
    await raw.stop();
    b.running.delete(raw);
  },
};

export const growth = {
  key: 'growth',
  title: 'growth: 100,000 parts against 1,000 (PGlite, side by side)',
  owed: [
    owe('growth: first page 100k / 1k', 0.8),
    owe('growth: random later page 100k / 1k', 0.8),
    owe('answer size 100k / 1k (first page)', 1.05, { higher: false }),
  ],
  run: async (b) => {
    const a = b.shared.a;
    const big = await b.start({ name: 'pglite-100k', port: PORT.b, env: pgliteEnv(b.dirB) });
    const variant = (server, pathOf) => ({
      label: server.name,
      url: server.url,
      path: pathOf,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
    });
    const [, first] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [variant(a, LIST), variant(big, LIST)],
    });
    b.add({ name: 'growth: first page 100k / 1k', value: first.ratio, unit: 'x', goal: 0.8 });
    const [, later] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [variant(a, b.uncachedPaths(1000)), variant(big, b.uncachedPaths(100_000))],
    });
    b.add({
      name: 'growth: random later page 100k / 1k',
      value: later.ratio,
      unit: 'x',
      goal: 0.8,
    });
    const [sizeA, sizeB, sizeB100] = await Promise.all([
      capture(a.url + LIST),
      capture(big.url + LIST),
      capture(`${big.url}${LIST}?limit=96`),
    ]);
    b.add({
      name: 'answer size 100k / 1k (first page)',
      value: sizeB.bytes / sizeA.bytes,
      unit: 'x',
      goal: 1.05,
      higher: false,
      note: `${sizeA.bytes} B vs ${sizeB.bytes} B; limit=96 at 100k: ${sizeB100.bytes} B (${(sizeB100.bytes / sizeB.bytes).toFixed(1)}x for 4x the parts)`,
    });
    await big.stop();
  },
};
