// Issue 6, suite 10: Debian's scanners against the running shop on loopback. sqlmap on every API
// route that takes parameters (query strings, path ids, JSON bodies; signed in where the route
// needs it): 0 injectable. wapiti on the site: 0 findings of medium level or above.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../scripts/cluster.mjs';
import { ADMIN_EMAIL, BASE_PORT, serverEnv, tempDataDir } from './lib/env.ts';
import {
  ADDRESS,
  PHONE,
  addPart,
  call,
  figure,
  purchase,
  signUp,
  uniqueEmail,
} from './lib/shop.ts';

const PORT = BASE_PORT + 40;
// Level and risk 2 (PROOF_FULL=1) take about 3 minutes on a busy 2-core machine; CI runs 1.
const SQLMAP_LEVEL = process.env.PROOF_FULL === '1' ? 2 : 1;
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
  // The demo catalogue gives wapiti a real site to crawl.
  const cluster = await startCluster({
    instances: 1,
    port: PORT,
    env: serverEnv({ DATA_DIR: path.join(data.dir, 'shop'), SEED_DEMO: 'true' }),
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

describe('scanners', () => {
  it('sqlmap: no API parameter is injectable', async (ctx) => {
    if (!has('sqlmap')) ctx.skip(true, 'sqlmap is not installed (apt-get install sqlmap)');
    const results: { name: string; injectable: boolean; requests: number }[] = [];
    for (const target of targets()) {
      const token = target.token === 'admin' ? adminToken : target.token ? user.token : undefined;
      // The request as sent must succeed, or sqlmap would only ever see the refusal.
      const plain = await call(base, target.method, target.path.replace('*', ''), {
        token,
        body: target.body,
      });
      expect(plain.status, `${target.name}: ${JSON.stringify(plain.body)}`).toBeLessThan(300);
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
        '-H',
        'Origin: ' + base,
      ];
      if (token) args.push('-H', `Authorization: Bearer ${token}`);
      if (target.body) args.push('--data', JSON.stringify(target.body));
      const run = spawnSync('sqlmap', args, { encoding: 'utf8', timeout: 5 * 60_000 });
      const out = `${run.stdout}${run.stderr}`;
      const injectable =
        /identified the following injection point/.test(out) ||
        /appears to be '.+' injectable/.test(out) ||
        /is vulnerable/.test(out);
      const tested = (out.match(/\[INFO\] testing '/g) ?? []).length;
      if (injectable || tested === 0) process.stdout.write(out);
      expect(tested, `sqlmap ran no test on ${target.name}`).toBeGreaterThan(0);
      results.push({ name: target.name, injectable, requests: tested });
    }
    const injectable = results.filter((r) => r.injectable);
    figure(
      `[scanners] sqlmap (level ${SQLMAP_LEVEL}, risk ${SQLMAP_LEVEL}) on ${results.length} API routes with parameters: ` +
        `${injectable.length} injectable${injectable.length ? ` (${injectable.map((r) => r.name).join(', ')})` : ''}`,
    );
    expect(injectable.map((r) => r.name)).toEqual([]);
  });

  it('wapiti: no finding of medium level or above', async (ctx) => {
    if (!has('wapiti')) ctx.skip(true, 'wapiti is not installed (apt-get install wapiti)');
    const report = path.join(work, 'wapiti.json');
    const email = encodeURIComponent(user.email);
    const run = spawnSync(
      'wapiti',
      [
        '-u',
        `${base}/`,
        '--scope',
        'folder',
        // The shop is a single-page app: its API's GET routes are start points of their own.
        '-s',
        `${base}/api/allParts?limit=24&q=drill`,
        '-s',
        `${base}/api/part/${partId}`,
        '-s',
        `${base}/api/reviews`,
        '-s',
        `${base}/api/orders?userEmail=${email}`,
        '-H',
        `Authorization: Bearer ${user.token}`,
        '--flush-session',
        '--max-scan-time',
        process.env.PROOF_FULL === '1' ? '600' : '150',
        '--max-attack-time',
        process.env.PROOF_FULL === '1' ? '120' : '25',
        '-f',
        'json',
        '-o',
        report,
      ],
      { encoding: 'utf8', timeout: 20 * 60_000 },
    );
    expect(fs.existsSync(report), `${run.stdout}${run.stderr}`).toBe(true);
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
    expect(serious).toEqual([]);
  });
});
