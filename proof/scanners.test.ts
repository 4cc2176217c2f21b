// Security suite 10: Debian's scanners against the running shop on loopback. sqlmap on every API
// route that takes parameters (query strings, path ids, JSON bodies; signed in where the route
// needs it): 0 injectable. wapiti on the site: 0 findings of medium level or above. Each result
// is only taken with the scanner's own record that it did the work (a scan that never reached
// the shop finds nothing either): sqlmap's traffic log (its own requests, answered by the shop
// with its request ids, every parameter tested) and wapiti's session database (the pages it
// crawled, the resources each module attacked).
// Needs the web build as well as the server's (`npm run build`): wapiti crawls the shop's pages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../scripts/cluster.mjs';
import { ADMIN_EMAIL, BASE_PORT, FULL, serverEnv, tempDataDir } from './lib/env.ts';
import {
  readSqlmapTraffic,
  readWapitiSession,
  runTool,
  sqlmapTestedParameters,
} from './lib/scanners.ts';
import {
  ADDRESS,
  PHONE,
  addPart,
  figure,
  purchase,
  signUp,
  tally,
  uniqueEmail,
} from './lib/shop.ts';

const PORT = BASE_PORT + 40;
// Level and risk 2 (PROOF_FULL=1) take about 3 minutes on a busy 2-core machine; CI runs 1.
const SQLMAP_LEVEL = FULL ? 2 : 1;
/**
 * wapiti's modules that send attacks (each logs the resources it went through) and its passive
 * checks. Not ssrf: it needs wapiti's endpoint on the internet, and the proofs stay on loopback.
 */
const WAPITI_ATTACKS = ['exec', 'file', 'sql', 'blindsql', 'xss', 'permanentxss', 'redirect'];
const WAPITI_CHECKS = ['http_headers', 'csp', 'cookieflags'];
/** The injection modules, which must have attacked at least one API resource. */
const WAPITI_INJECTIONS = ['exec', 'file', 'sql', 'blindsql', 'xss'];
/** The least crawling that counts as a scan of the site: resources and HTML pages. */
const WAPITI_MIN = { crawled: 25, pages: 8 };
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let base = '';
let work = '';
let user = { email: '', token: '' };
let adminToken = '';
let partId = '';
let orderId = '';

beforeAll(async () => {
  const data = tempDataDir('scanners');
  cleanups.push(() => data.remove());
  work = path.join(data.dir, 'reports');
  fs.mkdirSync(work);
  // The demo catalogue gives wapiti a real site to crawl. PUBLIC_URL is the address the
  // scanners use, so their Origin header is the shop's own; the limits on free writes are
  // lifted: otherwise sqlmap would be testing the 403 and 429 refusals, not the routes.
  const cluster = await startCluster({
    instances: 1,
    port: PORT,
    env: serverEnv({
      DATA_DIR: path.join(data.dir, 'shop'),
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      RATE_LIMITS: ['contact', 'newsletter', 'purchase', 'review']
        .map((name) => `${name}=1000000/1s`)
        .join(','),
    }),
  });
  cleanups.push(() => cluster.stop());
  base = cluster.urls[0]!;
  adminToken = await signUp(base, ADMIN_EMAIL);
  user.email = uniqueEmail('scanned');
  user = { email: user.email, token: await signUp(base, user.email) };
  partId = await addPart(base, adminToken, 1_000_000);
  const bought = await purchase(base, user.token, partId, 1);
  orderId = bought.body.insertedId!;
});

interface Target {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** `*` marks a path segment to inject into. */
  path: string;
  body?: Record<string, unknown>;
  token?: 'user' | 'admin';
}

function targets(): Target[] {
  const email = encodeURIComponent(user.email);
  return [
    { name: 'allParts query', method: 'GET', path: '/api/allParts?limit=24&cursor=1&q=drill' },
    { name: 'part id', method: 'GET', path: `/api/part/${partId}*` },
    {
      name: 'orders query',
      method: 'GET',
      path: `/api/orders?userEmail=${email}`,
      token: 'user',
    },
    { name: 'order id', method: 'GET', path: `/api/purchase/${orderId}*`, token: 'user' },
    {
      name: 'purchase body',
      method: 'POST',
      path: '/api/purchase',
      token: 'user',
      body: { partId, quantity: 1, address: ADDRESS, phone: PHONE },
    },
    {
      name: 'review body',
      method: 'POST',
      path: '/api/addReview',
      token: 'user',
      body: { name: 'Scanner', rating: 4, type: 'Solid part', image: '/images/parts/proof.svg' },
    },
    {
      name: 'contact body',
      method: 'POST',
      path: '/api/contact',
      body: { email: user.email, subject: 'Hello', message: 'A question about a part.' },
    },
    {
      name: 'newsletter body',
      method: 'POST',
      path: '/api/newsletter',
      body: { email: user.email },
    },
    { name: 'profile email', method: 'GET', path: `/api/userProfile/${email}*`, token: 'user' },
    {
      name: 'profile body',
      method: 'PUT',
      path: `/api/createProfile/${email}`,
      token: 'user',
      body: {
        edu: 'Tech school',
        location: 'Testville',
        number: '+1 555 010 2030',
        linkdin: 'https://www.linkedin.com/in/proof',
        addiInfo: 'Builds PCs',
      },
    },
    { name: 'admin check email', method: 'GET', path: `/api/admin/${email}*`, token: 'user' },
    { name: 'users query', method: 'GET', path: '/api/users?limit=50&cursor=1', token: 'admin' },
    {
      name: 'allPurchases query',
      method: 'GET',
      path: '/api/allPurchases?limit=50&cursor=1',
      token: 'admin',
    },
    {
      name: 'audit-log query',
      method: 'GET',
      path: '/api/audit-log?limit=50&action=part.add',
      token: 'admin',
    },
    {
      name: 'update part body',
      method: 'PATCH',
      path: `/api/tools/${partId}`,
      token: 'admin',
      body: { availableQuantity: 1_000_000 },
    },
  ];
}

/** The parameters sqlmap must report it tested: query keys, the `*` mark, the JSON body's keys. */
function parametersOf(target: Target): string[] {
  const [route, query] = target.path.split('?') as [string, string | undefined];
  return [
    ...new URLSearchParams(query ?? '').keys(),
    ...(route.includes('*') ? ['#1*'] : []),
    ...Object.keys(target.body ?? {}).map((key) => `JSON ${key}`),
  ];
}

describe('scanners', () => {
  it('sqlmap: every parameter of every API route tested, none injectable', async (ctx) => {
    if (!has('sqlmap')) ctx.skip(true, 'sqlmap is not installed (apt-get install sqlmap)');
    const results: { name: string; injectable: boolean; requests: number }[] = [];
    for (const [i, target] of targets().entries()) {
      const token = target.token === 'admin' ? adminToken : target.token ? user.token : undefined;
      const traffic = path.join(work, `sqlmap-traffic-${i}.txt`);
      const args = [
        '-u',
        `${base}${target.path}`,
        '--method',
        target.method,
        '--batch',
        `--level=${SQLMAP_LEVEL}`,
        `--risk=${SQLMAP_LEVEL}`,
        '--time-sec=2',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${path.join(work, 'sqlmap')}`,
        // Every request sqlmap sends and the answer it got, in its own words.
        '-t',
        traffic,
        '-H',
        'Origin: ' + base,
      ];
      if (token) args.push('-H', `Authorization: Bearer ${token}`);
      if (target.body) args.push('--data', JSON.stringify(target.body));
      const { output: out } = await runTool('sqlmap', args, 5 * 60_000);
      const injectable =
        /identified the following injection point/.test(out) ||
        /appears to be '.+' injectable/.test(out) ||
        /is vulnerable/.test(out);
      const { requests, responses } = readSqlmapTraffic(traffic);
      // A marked path segment is replaced by some payloads: the route is what comes before it.
      const route = target.path.split('?')[0]!.replace(/[^/]*\*$/, '');
      const toRoute = requests.filter(
        (r) => r.method === target.method && r.path.startsWith(route),
      ).length;
      const ids = new Set(responses.flatMap((r) => (r.requestId ? [r.requestId] : [])));
      // Fastify's router answers a too long path segment (414) before the shop's hooks run.
      const withoutId = responses.filter((r) => !r.requestId).map((r) => r.status);
      const tested = sqlmapTestedParameters(out);
      const expected = parametersOf(target);
      figure(
        `[scanners]   sqlmap ${target.name}: ${requests.length} requests to ${target.method} ${route}, ` +
          `${responses.length} answered (${ids.size} with the shop's request id; ${tally(responses.map((r) => r.status))}), ` +
          `parameters tested: ${tested.join(', ') || 'none'}`,
      );
      const ok =
        !injectable &&
        requests.length > 0 &&
        toRoute === requests.length &&
        responses.length === requests.length &&
        responses[0]!.status < 300 &&
        expected.every((p) => tested.includes(p));
      if (!ok) process.stdout.write(out);
      // sqlmap's own first request (the one it compares every test with) must succeed, or it
      // would only ever have seen a refusal.
      expect(responses[0]?.status, `${target.name}: sqlmap's original request`).toBeLessThan(300);
      expect(toRoute, `${target.name}: requests sent to the route`).toBe(requests.length);
      expect(responses.length, `${target.name}: requests the shop answered`).toBe(requests.length);
      expect(ids.size + withoutId.length, `${target.name}: distinct request ids`).toBe(
        responses.length,
      );
      expect(
        withoutId.filter((s) => s !== 414),
        `${target.name}: answers not from the shop`,
      ).toEqual([]);
      // Throttled tests would prove only the limiter.
      expect(responses.filter((r) => r.status === 429).length, `${target.name}: 429s`).toBe(0);
      expect(tested, `${target.name}: parameters sqlmap tested`).toEqual(
        expect.arrayContaining(expected),
      );
      results.push({ name: target.name, injectable, requests: requests.length });
    }
    const injectable = results.filter((r) => r.injectable);
    const requests = results.reduce((sum, r) => sum + r.requests, 0);
    figure(
      `[scanners] sqlmap (level ${SQLMAP_LEVEL}, risk ${SQLMAP_LEVEL}) on ${results.length} API routes with parameters, ` +
        `${requests} requests answered by the shop: ` +
        `${injectable.length} injectable${injectable.length ? ` (${injectable.map((r) => r.name).join(', ')})` : ''}`,
    );
    expect(injectable.map((r) => r.name)).toEqual([]);
  });

  it('wapiti: the site and API crawled, every attack module run, no finding of medium level or above', async (ctx) => {
    if (!has('wapiti')) ctx.skip(true, 'wapiti is not installed (apt-get install wapiti)');
    const report = path.join(work, 'wapiti.json');
    const session = path.join(work, 'wapiti-session');
    const email = encodeURIComponent(user.email);
    const { output: out } = await runTool(
      'wapiti',
      [
        '-u',
        `${base}/`,
        '--scope',
        'folder',
        // The shop is a single-page app: its API's GET routes are start points of their own.
        '-s',
        `${base}/api/allParts?limit=24&cursor=1&q=drill`,
        '-s',
        `${base}/api/part/${partId}`,
        '-s',
        `${base}/api/reviews`,
        '-s',
        `${base}/api/orders?userEmail=${email}`,
        '-H',
        `Authorization: Bearer ${user.token}`,
        // Debian's wapiti asks for br without the module to decode it: every page would read
        // as binary and no link on it would be followed.
        '-H',
        'Accept-Encoding: gzip, deflate',
        '-m',
        [...WAPITI_CHECKS, ...WAPITI_ATTACKS].join(','),
        '--flush-session',
        '--store-session',
        session,
        // Loopback only: no crash report to wapiti's site.
        '--no-bugreport',
        '--max-scan-time',
        FULL ? '600' : '150',
        '--max-attack-time',
        FULL ? '120' : '25',
        '-f',
        'json',
        '-o',
        report,
      ],
      20 * 60_000,
    );
    expect(fs.existsSync(report), out).toBe(true);

    // What wapiti did, from its own session: the resources crawled and the modules' attacks.
    const { crawled, attacked } = readWapitiSession(session);
    const launched = [...out.matchAll(/\[\*\] Launching module (\S+)/g)].map((m) => m[1]!);
    const pathOf = (url: string) => new URL(url).pathname;
    const api = new Set(crawled.map((c) => pathOf(c.url)).filter((p) => p.startsWith('/api/')));
    const pages = new Set(
      crawled.map((c) => pathOf(c.url)).filter((p) => !/^\/(api|assets|images)\/|\.\w+$/.test(p)),
    );
    const attacks = WAPITI_ATTACKS.map((module) => {
      const urls = attacked[module] ?? [];
      return { module, count: urls.length, api: urls.filter((u) => pathOf(u).startsWith('/api/')) };
    });
    figure(
      `[scanners] wapiti crawled ${crawled.length} resources (${pages.size} pages, ${api.size} API routes: ` +
        `${[...api].join(' ')}), the shop answered ${tally(crawled.map((c) => c.status ?? 'none'))}`,
    );
    figure(
      `[scanners]   modules launched: ${launched.join(', ')}; resources attacked: ` +
        attacks.map((a) => `${a.module} ${a.count} (${a.api.length} API)`).join(', '),
    );

    // wapiti 3.0.4's JSON report: { vulnerabilities: { category: [finding] }, anomalies: {...} },
    // each finding with `level` 4 critical, 3 high, 2 medium, 1 low, 0 info.
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as Record<
      string,
      Record<string, { level: number | string; path: string; info: string }[]>
    >;
    const findings = ['vulnerabilities', 'anomalies'].flatMap((section) =>
      Object.entries(json[section] ?? {}).flatMap(([category, list]) =>
        list.map((f) => ({ category, level: Number(f.level), path: f.path, info: f.info })),
      ),
    );
    const serious = findings.filter((f) => f.level >= 2);
    for (const f of findings)
      process.stdout.write(`  wapiti: level ${f.level} ${f.category}: ${f.path} ${f.info}\n`);
    figure(
      `[scanners] wapiti on the site: ${serious.length} high or medium findings ` +
        `(${findings.length - serious.length} low or info)`,
    );

    const webBuilt = 'is the web app built (npm run build -w web)?';
    expect(crawled.length, `resources crawled; ${webBuilt}`).toBeGreaterThanOrEqual(
      WAPITI_MIN.crawled,
    );
    expect(pages.size, `pages crawled; ${webBuilt}`).toBeGreaterThanOrEqual(WAPITI_MIN.pages);
    expect([...api], 'API routes crawled').toEqual(
      expect.arrayContaining([
        '/api/allParts',
        `/api/part/${partId}`,
        '/api/reviews',
        '/api/orders',
      ]),
    );
    expect(crawled.filter((c) => !c.status).length, 'crawled resources left unanswered').toBe(0);
    expect(launched, 'modules launched').toEqual(
      expect.arrayContaining([...WAPITI_CHECKS, ...WAPITI_ATTACKS]),
    );
    for (const a of attacks) expect(a.count, `resources ${a.module} attacked`).toBeGreaterThan(0);
    for (const a of attacks.filter((a) => WAPITI_INJECTIONS.includes(a.module)))
      expect(a.api.length, `API resources ${a.module} attacked`).toBeGreaterThan(0);
    expect(serious).toEqual([]);
  });
});
