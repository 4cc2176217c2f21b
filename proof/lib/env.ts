// What the proofs run against: a fresh PostgreSQL database each, Redis when it answers, a fresh
// PGlite folder, ports from PROOF_PORT (default 4500) and the full sizes with PROOF_FULL=1.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const FULL = process.env.PROOF_FULL === '1';
export const BASE_PORT = Number(process.env.PROOF_PORT ?? 4500);
const ADMIN_DATABASE_URL =
  process.env.PROOF_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.PROOF_REDIS_URL ?? 'redis://127.0.0.1:6379/2';

export const ADMIN_EMAIL = 'admin@proof.example';
/** The loopback SMTP peer's port (proof/lib/shop.ts starts it): sign-ups confirm through it. */
export const MAIL_PEER_PORT = BASE_PORT + 90;

/**
 * The settings every instance of a suite shares: production mode, one auth secret, one admin,
 * mail to the loopback SMTP peer, and no unpaid-order or purchase limit (the proofs' buyers
 * place many orders each; the abuse suite proves the limits).
 */
export function serverEnv(extra: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SMTP_URL: `smtp://127.0.0.1:${MAIL_PEER_PORT}`,
    MAX_UNPAID_ORDERS: '0',
    MAX_UNPAID_VALUE: '0',
    RATE_LIMITS: 'purchase=1000000/1s',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    TRUST_PROXY: undefined,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    ...extra,
  };
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, empty PostgreSQL database named proof_<label>_<random>; `drop()` removes it. */
export async function createPostgresDatabase(label: string) {
  const name = `proof_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Redis on loopback answers PING: its URL (logical database 2), else undefined. */
export function redisUrl(): Promise<string | undefined> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok ? REDIS_URL : undefined);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** A fresh data folder for one embedded-database server; `remove()` deletes it. */
export function tempDataDir(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `partsmith-proof-${label}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
