import { z } from 'zod';

// The environment variables the server reads, each with its check and default (docs/operations.md
// has the table); config.ts turns them into the Config the app uses.

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
  .optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ message: 'must be a full URL such as https://shop.example.com' }).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('partsmith:'),
  UPLOADS_DIR: optionalString,
  /** Uploads in this S3-compatible bucket instead of UPLOADS_DIR. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'must be a bucket name such as partsmith-uploads')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Another service than AWS (MinIO, Cloudflare R2, Backblaze B2...): its API address. */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: 'must be the service URL, such as https://<account>.r2.cloudflarestorage.com',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1 (or auto)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where browsers fetch the bucket's objects (a CDN, the bucket's public address). */
  S3_PUBLIC_URL: z
    .url({
      protocol: /^https$/,
      message: 'must be an https:// URL such as https://images.example.com (the bucket root)',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString,
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().trim().min(3).default('Partsmith <no-reply@partsmith.example>'),
  SHOP_EMAIL: z.email({ message: 'must be an e-mail address' }).default('shop@partsmith.example'),
  /** Attempts at sending a queued mail before it is set aside as failed (kept, never retried). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  WEB_DIST: z.string().trim().min(1).optional(),
  BETTER_AUTH_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (for example `openssl rand -base64 32`)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAILS: optionalString,
  /** Where the notice of each paid order goes, comma-separated; unset: every admin's address. */
  ORDER_NOTIFY_EMAILS: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z
    .url({ message: 'must be the issuer URL, such as https://accounts.google.com' })
    .optional(),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: where the Stripe SDK sends its requests (a local Stripe-speaking server). */
  STRIPE_API_BASE: z.url().optional(),
  ALLOW_TEST_PAYMENTS: booleanFlag,
  /**
   * Unpaid orders older than this expire (their stock goes back): '30m', '2h', '1d'; 'off' or 0
   * never. Unset or empty: 24 hours.
   */
  UNPAID_ORDER_TTL: z
    .string()
    .trim()
    .regex(
      /^(off|0|[0-9]+\s*[smhd])?$/i,
      "must be a duration such as '30m', '2h' or '1d', or 'off'",
    )
    .optional(),
  /** How many unpaid orders one customer may hold at once; 0 for no limit. */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(0).max(1_000_000).default(5),
  /** What one customer's unpaid orders may come to together, in dollars; 0 for no limit. */
  MAX_UNPAID_VALUE: z.coerce.number().int().min(0).max(1_000_000_000).default(5000),
  /** Sign-ups one client address may make a minute (Better Auth's rule; sign-in has its own). */
  SIGN_UP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** A visitor's cart nobody has touched for this many days is deleted (housekeeping). */
  VISITOR_CART_DAYS: z
    .literal('')
    .transform(() => 30)
    .or(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(
          400,
          'must be a number of days from 1 to 400 (browsers keep a cookie 400 days at most)',
        ),
    )
    .default(30),
  /** A contact message marked handled is deleted this many days after (housekeeping). */
  HANDLED_MESSAGE_DAYS: z
    .literal('')
    .transform(() => 365)
    .or(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(3650, 'must be a number of days from 1 to 3650 (ten years)'),
    )
    .default(365),
  /** Overrides of the limits on free writes: 'purchase=20/10m,contact=5/1h'. */
  RATE_LIMITS: optionalString,
  /** Turns on GET /api/metrics for a scraper that sends it as a Bearer token. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (for example `openssl rand -hex 32`)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
