// A small HTTP client of the running shop for the proofs: sign-up with a bearer token, the admin's
// catalogue and order list, purchases. Every call goes over loopback to a real server process.
import { randomBytes } from 'node:crypto';
import { confirmThroughPeer, startMailPeer } from '../../scripts/mail-peer.mjs';
import { MAIL_PEER_PORT } from './env.ts';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as X-Forwarded-For: the client's address when the server trusts 127.0.0.1 as proxy. */
  ip?: string;
  headers?: Record<string, string>;
}

export const PASSWORD = 'proof password 123';
export const ADDRESS = '12 Proof Street, 10115 Testville';
export const PHONE = '+1 555 010 2030';

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A unique e-mail for this run, so suites never collide with earlier runs' accounts. */
export function uniqueEmail(label: string) {
  return `${label}-${randomBytes(4).toString('hex')}@proof.example`;
}

/** The loopback SMTP server the proofs' shops mail to (serverEnv's SMTP_URL). */
export const mailPeer = startMailPeer(MAIL_PEER_PORT);

/**
 * Signs up, confirms the address through the link mailed to the SMTP peer, and answers the
 * bearer token (Better Auth's `set-auth-token` header).
 */
export async function signUp(base: string, email: string, ip?: string): Promise<string> {
  const peer = await mailPeer;
  const res = await call(base, 'POST', '/api/auth/sign-up/email', {
    body: { name: email.split('@')[0], email, password: PASSWORD },
    ip,
  });
  const token = res.headers.get('set-auth-token');
  if (res.status !== 200 || !token)
    throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  // From the same client address as the sign-up (Better Auth limits each address).
  await confirmThroughPeer(peer, email, ip ? { 'x-forwarded-for': ip } : {});
  return token;
}

export function signIn(base: string, email: string, password: string, ip?: string) {
  return call(base, 'POST', '/api/auth/sign-in/email', { body: { email, password }, ip });
}

/** Signs a confirmed account in again and answers its bearer token (`set-auth-token`). */
export async function signInToken(base: string, email: string, ip?: string): Promise<string> {
  const res = await signIn(base, email, PASSWORD, ip);
  const token = res.headers.get('set-auth-token');
  if (res.status !== 200 || !token)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A distinct client address per simulated buyer (TEST-NET-2 range plus more). */
export const buyerIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export async function addPart(
  base: string,
  adminToken: string,
  stock: number,
  name = `Proof part ${randomBytes(3).toString('hex')}`,
): Promise<string> {
  const res = await call<{ insertedId: string }>(base, 'POST', '/api/addParts', {
    token: adminToken,
    body: {
      name,
      description: 'A part the proof suites buy.',
      availableQuantity: stock,
      minOrderQuantity: 1,
      price: 9.5,
      image: '/images/parts/proof.svg',
    },
  });
  if (res.status !== 200) throw new Error(`addParts: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.insertedId;
}

export async function stockOf(base: string, partId: string): Promise<number> {
  const res = await call<{ availableQuantity: number }>(base, 'GET', `/api/part/${partId}`);
  if (res.status !== 200) throw new Error(`part ${partId}: ${res.status}`);
  return res.body.availableQuantity;
}

export interface OrderSummary {
  _id: string;
  partId: string | null;
  quantity: number;
  availableQuantity: number;
}

/** Every order in the shop, through the admin's paged list. */
export async function allOrders(base: string, adminToken: string): Promise<OrderSummary[]> {
  const list: OrderSummary[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/allPurchases?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await call<OrderSummary[]>(base, 'GET', query, { token: adminToken });
    if (res.status !== 200) throw new Error(`allPurchases: ${res.status}`);
    list.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return list;
}

export function purchase(
  base: string,
  token: string,
  partId: string,
  quantity: number,
  ip?: string,
) {
  return call<{ insertedId?: string; message?: string }>(base, 'POST', '/api/purchase', {
    token,
    ip,
    body: { partId, quantity, address: ADDRESS, phone: PHONE },
  });
}

/** One purchase request of the load: when it was sent and settled, and how. */
export interface Attempt {
  sent: number;
  settled: number;
  status?: number;
  orderId?: string;
  /** Why fetch failed (the cause's code), when no answer came. */
  error?: string;
}

/** The cause of a failed fetch, as undici reports it (ECONNRESET, UND_ERR_SOCKET...). */
export function networkCause(error: unknown): string | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'fetch failed';
}

/**
 * `count` confirmed buyers, each signed up from an address of its own (sign-ups are limited per
 * client address; the servers trust 127.0.0.1 as their proxy), `concurrency` at a time.
 */
export function signUpBuyers(base: string, count: number, label: string, concurrency: number) {
  return pool(
    Array.from({ length: count }, (_, i) => i + 1),
    concurrency,
    async (i) => {
      const email = uniqueEmail(`${label}${i}`);
      return { email, token: await signUp(base, email, buyerIp(i)), ip: buyerIp(i) };
    },
  );
}

/** Whether a purchase attempt placed an order the client was told of. */
export const acknowledgedAttempt = (a: Attempt) => a.status === 200 && Boolean(a.orderId);

/**
 * Purchase load: each buyer buys 1 to 3 units of the part in a loop, one request at a time,
 * until `halt()` (no request is sent after it); `done` resolves when every buyer's last request
 * has settled, and `stop()` is both. Every attempt is
 * recorded; `acknowledged` maps each order the client was told of to its quantity; a failure
 * that is not a network error (a bug in the load itself) lands in `unexpected`.
 */
export function purchaseLoad(
  base: string,
  buyers: { token: string; ip: string }[],
  partId: string,
) {
  const attempts: Attempt[] = [];
  const acknowledged = new Map<string, number>();
  const unexpected: string[] = [];
  let stopped = false;
  const loops = buyers.map(async (buyer, b) => {
    for (let n = 0; !stopped; n++) {
      const quantity = 1 + ((b + n) % 3);
      const attempt: Attempt = { sent: performance.now(), settled: 0 };
      attempts.push(attempt);
      try {
        const res = await purchase(base, buyer.token, partId, quantity, buyer.ip);
        attempt.status = res.status;
        attempt.orderId = res.body.insertedId;
        if (acknowledgedAttempt(attempt)) acknowledged.set(attempt.orderId!, quantity);
      } catch (error) {
        attempt.error = networkCause(error) ?? String(error);
        if (!networkCause(error)) unexpected.push(`not a network error: ${String(error)}`);
      }
      attempt.settled = performance.now();
    }
  });
  const done = Promise.all(loops).then(() => undefined);
  const halt = () => {
    stopped = true;
  };
  return {
    attempts,
    acknowledged,
    unexpected,
    halt,
    done,
    stop: () => {
      halt();
      return done;
    },
  };
}

/** Prints the suite's figure where the test output shows it (and in the log of a CI run). */
export function figure(line: string) {
  process.stdout.write(`${line}\n`);
}

/** Counts of each value for a figure, as "200 x3, 400 x58" ("none" for no values). */
export function tally(values: (string | number)[]): string {
  const counts = new Map<string | number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return sorted.map(([v, n]) => `${v} x${n}`).join(', ') || 'none';
}
