import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { sellerParty } from '@partsmith/contract/seller';
import { EnvSchema } from './config-env.ts';
import { parseRateLimits, type RateLimits } from './lib/rate-limit-rules.ts';

// Two levels up from both src/config.ts (dev) and dist/main.js (built) is the repository root.
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Unpaid orders hold stock for a day unless UNPAID_ORDER_TTL says otherwise. */
export const DEFAULT_UNPAID_ORDER_TTL = '24h';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '30m' -> 1_800_000; empty or zero -> undefined (off). */
export function parseDuration(raw: string | undefined): number | undefined {
  const match = /^([0-9]+)\s*([smhd])$/i.exec(raw?.trim() ?? '');
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
  return ms > 0 ? ms : undefined;
}

const PROVIDERS = ['GOOGLE', 'GITHUB', 'FACEBOOK'] as const;

/** The S3 variables besides S3_BUCKET, which they need. */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const;

/** Whether HOST keeps the shop on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Shared counters (rate limits, the sign-in lock) in Redis; the database when unset. */
  redisUrl: string | undefined;
  /** Prefix of every key this shop writes in Redis. */
  redisKeyPrefix: string;
  /** Where uploaded images are kept: one folder every instance shares (unless `s3` is set). */
  uploadsDir: string;
  /** Uploads in an S3-compatible bucket (S3_BUCKET set) instead of `uploadsDir`. */
  s3: S3Config | undefined;
  /** Seed the demo catalogue into an empty database. Default: on for the embedded database. */
  seedDemo: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  /** MAIL_MAX_ATTEMPTS: a queued mail failing this often is set aside (failed_at). */
  mailMaxAttempts: number;
  /**
   * Who sells, on invoices, credit notes and mails: SELLER of the contract (contract/src/seller.ts),
   * the same identity the web app's footer and contact page print, so it is not configured here.
   */
  seller: { name: string; address: string[]; taxId: string; phone: string; email: string };
  /** The web build folder (web/dist): the browser's files in client/, the server build in server/. */
  webDist: string;
  /** Signs session cookies and tokens; generated and kept in DATA_DIR when not given. */
  authSecret: string | undefined;
  /** Accounts that become admins once their address is confirmed. Lower-case. */
  adminEmails: string[];
  /** ORDER_NOTIFY_EMAILS: where each paid order's notice goes; empty: the admins' addresses. */
  orderNotifyEmails: string[];
  /** Stripe when both keys are set; otherwise the built-in test-mode card processor. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      }
    | undefined;
  /** The test processor is refused in production unless this is set. */
  allowTestPayments: boolean;
  /** UNPAID_ORDER_TTL in milliseconds; undefined when unpaid orders never expire. */
  unpaidOrderTtlMs: number | undefined;
  /** MAX_UNPAID_ORDERS: unpaid orders one customer may hold; 0 for no limit. */
  maxUnpaidOrders: number;
  /** MAX_UNPAID_VALUE in cents: what one customer's unpaid orders may hold; 0 for no limit. */
  maxUnpaidValueCents: number;
  /** VISITOR_CART_DAYS: a visitor's cart untouched this long is deleted; its cookie lasts as long. */
  visitorCartDays: number;
  /** HANDLED_MESSAGE_DAYS: a contact message marked handled is deleted this long after. */
  handledMessageDays: number;
  /** The limits on free writes, with RATE_LIMITS' overrides applied. */
  rateLimits: RateLimits;
  /** SIGN_UP_LIMIT: sign-ups one client address may make a minute. */
  signUpLimit: number;
  /** METRICS_TOKEN: Prometheus metrics at GET /api/metrics for its bearer; unset, no such route. */
  metricsToken: string | undefined;
  social: {
    google?: { clientId: string; clientSecret: string; issuer: string };
    github?: { clientId: string; clientSecret: string };
    facebook?: { clientId: string; clientSecret: string };
  };
}

export interface S3Config {
  bucket: string;
  /** The service's address; unset, AWS S3 itself. */
  endpoint: string | undefined;
  /** Unset: the SDK's own lookup (AWS_REGION, the AWS config file). */
  region: string | undefined;
  /** Unset: the SDK's default credential chain (AWS_* variables, a role, the config files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Where browsers fetch the bucket's root from, no trailing slash: images are then
   * `<publicUrl>/uploads/<name>`. Unset: the shop serves /uploads/<name> from the bucket.
   */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Partsmith cannot start: the configuration is wrong.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads the environment once at start. A wrong value stops the server with the variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  for (const p of PROVIDERS) {
    if (Boolean(e[`${p}_CLIENT_ID`]) !== Boolean(e[`${p}_CLIENT_SECRET`])) {
      problems.push(`${p}_CLIENT_ID and ${p}_CLIENT_SECRET: set both or neither`);
    }
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both or neither');
  }
  if (e.STRIPE_SECRET_KEY && e.NODE_ENV === 'production' && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with Stripe in production (payments confirmed by webhook)',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.BETTER_AUTH_SECRET) {
    problems.push(
      'BETTER_AUTH_SECRET: required in production on PostgreSQL (every instance must share it)',
    );
  }
  const adminEmails = (e.ADMIN_EMAILS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!z.email().safeParse(email).success)
      problems.push(`ADMIN_EMAILS: "${email}" is not an e-mail address`);
  }
  const orderNotifyEmails = [
    ...new Set(
      (e.ORDER_NOTIFY_EMAILS ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  for (const email of orderNotifyEmails) {
    if (!z.email().safeParse(email).success)
      problems.push(`ORDER_NOTIFY_EMAILS: "${email}" is not an e-mail address`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's " +
        'default credentials',
    );
  }
  const s3Settings = S3_SETTINGS.filter((name) => e[name]);
  if (!e.S3_BUCKET && s3Settings.length > 0) {
    // Otherwise the shop would quietly keep uploads on its own disk.
    problems.push(`S3_BUCKET: required with ${s3Settings.join(', ')} (uploads go to that bucket)`);
  }
  const rateLimits = parseRateLimits(e.RATE_LIMITS, problems);
  const host = e.HOST;
  // The built-in processor takes any test card: a shop others can reach must not take fake payments.
  if (!e.STRIPE_SECRET_KEY && !isLoopback(host) && !e.ALLOW_TEST_PAYMENTS) {
    problems.push(
      `HOST=${host} lets other machines reach the shop, but no Stripe keys are set: the built-in ` +
        'test card processor would take fake payments. Set STRIPE_SECRET_KEY and ' +
        'STRIPE_PUBLISHABLE_KEY, or ALLOW_TEST_PAYMENTS=true for a demo shop.',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    seller: sellerParty(),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    authSecret: e.BETTER_AUTH_SECRET,
    adminEmails,
    orderNotifyEmails,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    allowTestPayments: e.ALLOW_TEST_PAYMENTS ?? false,
    unpaidOrderTtlMs: parseDuration(e.UNPAID_ORDER_TTL || DEFAULT_UNPAID_ORDER_TTL),
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    maxUnpaidValueCents: e.MAX_UNPAID_VALUE * 100,
    visitorCartDays: e.VISITOR_CART_DAYS,
    handledMessageDays: e.HANDLED_MESSAGE_DAYS,
    rateLimits,
    signUpLimit: e.SIGN_UP_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    social: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              issuer: (e.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, ''),
            },
          }
        : {}),
      ...(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? { github: { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET } }
        : {}),
      ...(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? { facebook: { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET } }
        : {}),
    },
  };
}

/**
 * The origins the shop's own pages are served from (the Vite dev server too, in development).
 * A shop at `localhost` (the default PUBLIC_URL) is the same shop at 127.0.0.1 and [::1] on the
 * same port, the address Fastify prints on start: a write from a page opened there is the
 * shop's own, not another site's.
 */
export function trustedOrigins(config: Config): string[] {
  const url = new URL(config.publicUrl);
  const aliases =
    url.hostname === 'localhost'
      ? ['127.0.0.1', '[::1]'].map(
          (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
        )
      : [];
  return [
    config.publicUrl,
    ...aliases,
    ...(config.env === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
  ];
}
