import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustedOrigins } from '../src/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { seedDemo } from '../src/db/seed/seed.ts';
import { DB_KINDS, openTestDatabase, tempDir } from './helpers.ts';

describe('configuration', () => {
  it('runs with nothing set: port 3000, embedded database under ./data, demo seed on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('trusts the loopback names of a shop at localhost, and nothing beside a public address', () => {
    expect(trustedOrigins(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(
      trustedOrigins(
        loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/' }),
      ),
    ).toEqual(['https://shop.example.com']);
  });

  it('names each wrong variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SHOP_EMAIL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('SHOP_EMAIL: must be an e-mail address');
    }
  });

  it('keeps handled contact messages a year unless told; a wrong number of days is named', () => {
    expect(loadConfig({}).handledMessageDays).toBe(365);
    expect(loadConfig({ HANDLED_MESSAGE_DAYS: '' }).handledMessageDays).toBe(365);
    expect(loadConfig({ HANDLED_MESSAGE_DAYS: '90' }).handledMessageDays).toBe(90);
    for (const wrong of ['0', '3651', 'a year', '1.5'])
      expect(() => loadConfig({ HANDLED_MESSAGE_DAYS: wrong }), wrong).toThrow(
        /HANDLED_MESSAGE_DAYS/,
      );
  });

  it('holds unpaid orders 24 h and 5 a customer by default; limits can be tuned, not mistyped', () => {
    const defaults = loadConfig({});
    expect(defaults.unpaidOrderTtlMs).toBe(86_400_000);
    expect(loadConfig({ UNPAID_ORDER_TTL: '' }).unpaidOrderTtlMs).toBe(86_400_000);
    expect(loadConfig({ UNPAID_ORDER_TTL: 'off' }).unpaidOrderTtlMs).toBeUndefined();
    expect(loadConfig({ UNPAID_ORDER_TTL: '30m' }).unpaidOrderTtlMs).toBe(1_800_000);
    expect(defaults.maxUnpaidOrders).toBe(5);
    expect(loadConfig({ MAX_UNPAID_ORDERS: '0' }).maxUnpaidOrders).toBe(0);
    expect(defaults.rateLimits.contact).toEqual({ per: 'ip', max: 5, windowSeconds: 600 });
    const tuned = loadConfig({ RATE_LIMITS: 'purchase=100/1m, contact=3/2h' }).rateLimits;
    expect(tuned.purchase).toEqual({ per: 'user', max: 100, windowSeconds: 60 });
    expect(tuned.contact).toEqual({ per: 'ip', max: 3, windowSeconds: 7200 });
    expect(() => loadConfig({ RATE_LIMITS: 'purchases=1/1m' })).toThrow(/RATE_LIMITS: "purchases/);
    expect(() => loadConfig({ RATE_LIMITS: 'contact=0/1m' })).toThrow(/at least 1/);
    expect(() => loadConfig({ UNPAID_ORDER_TTL: 'soon' })).toThrow(/UNPAID_ORDER_TTL/);
  });

  it('keeps uploads in the folder unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '', S3_PUBLIC_URL: '' }).s3).toBeUndefined();
    // The SDK's own region and credential lookups when those are not given.
    expect(loadConfig({ S3_BUCKET: 'shop-uploads' }).s3).toEqual({
      bucket: 'shop-uploads',
      endpoint: undefined,
      region: undefined,
      credentials: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'shop-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        S3_PUBLIC_URL: 'https://images.example.com/',
      }).s3,
    ).toEqual({
      bucket: 'shop-uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
      publicUrl: 'https://images.example.com',
    });
  });

  it('names each wrong S3 variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error(`accepted: ${JSON.stringify(env)}`);
    };
    const bucket = { S3_BUCKET: 'shop-uploads' };
    expect(problems({ ...bucket, S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither/),
    ]);
    expect(problems({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/),
    ]);
    // Settings without a bucket would leave uploads on the disk without a word.
    expect(problems({ S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-west-1' })).toEqual([
      'S3_BUCKET: required with S3_ENDPOINT, S3_REGION (uploads go to that bucket)',
    ]);
    expect(problems({ ...bucket, S3_ENDPOINT: 'minio:9000' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: must be the service URL/),
    ]);
    expect(problems({ ...bucket, S3_ENDPOINT: 'ftp://files.example.com' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: /),
    ]);
    // The shop accepts https:// image addresses only (the contract's ShopImage).
    expect(problems({ ...bucket, S3_PUBLIC_URL: 'http://images.example.com' })).toEqual([
      expect.stringMatching(/^S3_PUBLIC_URL: must be an https:\/\/ URL/),
    ]);
    expect(problems({ S3_BUCKET: 's3://shop-uploads' })).toEqual([
      expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
    ]);
    expect(problems({ ...bucket, S3_REGION: 'EU West' })).toEqual([
      expect.stringMatching(/^S3_REGION: must be a region name/),
    ]);
  });

  it('does not seed demo data into PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@y/z' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@y/z', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('the data folder lock', () => {
  it('refuses a second holder in the same process, and frees the folder on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('refuses while another live process holds it, with a message that says what to do', () => {
    const dir = tempDir();
    // A real second process takes the lock and waits; we try while it lives.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const fs=require('fs');fs.writeFileSync(${JSON.stringify(path.join(dir, 'partsmith.lock'))}, String(process.pid));` +
          `process.stdout.write('held');`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stdout).toBe('held');
    // That process has exited: its lock is stale and is taken over.
    const release = lockDataDir(dir);
    release();
    // A live holder (this test runner's parent) is respected.
    fs.writeFileSync(path.join(dir, 'partsmith.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      /in use by another Partsmith process .*stop that process first/,
    );
  });
});

describe.each(DB_KINDS)('the demo seed on %s', (kind) => {
  it('fills an empty shop with at least 12 parts and 6 reviews, once', async () => {
    const database = await openTestDatabase(kind);
    try {
      const first = await seedDemo(database.db);
      expect(first.parts).toBeGreaterThanOrEqual(12);
      expect(first.reviews).toBeGreaterThanOrEqual(6);
      expect(await seedDemo(database.db)).toEqual({ parts: 0, reviews: 0 });
    } finally {
      await database.close();
    }
  });
});
