/**
 * The limits on the shop's free writes: how many of each one client address (`ip`) or one
 * account (`user`) may make in a fixed window. Counted where the sign-in limits are (Redis when
 * REDIS_URL is set, else the database), so every instance counts together.
 */
export interface RateLimitRule {
  /** Who is counted: the client's address, or the signed-in account. */
  per: 'ip' | 'user';
  max: number;
  windowSeconds: number;
}

export const RATE_LIMIT_NAMES = [
  'cart',
  'contact',
  'newsletter',
  'order-message',
  'purchase',
  'quote',
  'review',
  'stock-alert',
  'upload',
  'verification-mail',
  'reset-mail',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/**
 * Generous for a person, tight for a script: a workshop orders a few parts an hour, not 20 a
 * minute; nobody writes the shop 6 messages in 10 minutes.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  cart: { per: 'user', max: 300, windowSeconds: 600 },
  contact: { per: 'ip', max: 5, windowSeconds: 600 },
  newsletter: { per: 'ip', max: 5, windowSeconds: 600 },
  // A buyer's messages about their orders (a problem with a parcel, a return).
  'order-message': { per: 'user', max: 10, windowSeconds: 3600 },
  purchase: { per: 'user', max: 20, windowSeconds: 600 },
  quote: { per: 'user', max: 10, windowSeconds: 3600 },
  review: { per: 'user', max: 5, windowSeconds: 3600 },
  // Asking for and cancelling back-in-stock mails; each address's mails are limited besides.
  'stock-alert': { per: 'ip', max: 20, windowSeconds: 600 },
  upload: { per: 'user', max: 20, windowSeconds: 600 },
  'verification-mail': { per: 'user', max: 3, windowSeconds: 900 },
  'reset-mail': { per: 'user', max: 3, windowSeconds: 900 },
};

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * RATE_LIMITS' overrides ('purchase=100/1m,contact=3/1h') over the defaults; each wrong entry
 * is added to `problems` with what was expected.
 */
export function parseRateLimits(raw: string | undefined, problems: string[]): RateLimits {
  const limits: RateLimits = structuredClone(DEFAULT_RATE_LIMITS);
  for (const entry of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(\d+)\s*\/\s*(\d*)\s*([smhd])$/i.exec(entry);
    const name = match?.[1]?.toLowerCase() as RateLimitName | undefined;
    if (!match || !name || !RATE_LIMIT_NAMES.includes(name)) {
      problems.push(
        `RATE_LIMITS: "${entry}" must be name=count/window (such as purchase=20/10m), with a name ` +
          `of ${RATE_LIMIT_NAMES.join(', ')}`,
      );
      continue;
    }
    const windowSeconds = Number(match[3] || 1) * UNIT_SECONDS[match[4]!.toLowerCase()]!;
    const max = Number(match[2]);
    if (max < 1 || windowSeconds < 1) {
      problems.push(`RATE_LIMITS: "${entry}" needs a count and a window of at least 1`);
      continue;
    }
    limits[name] = { ...limits[name], max, windowSeconds };
  }
  return limits;
}
