import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

/** What the lookup needs of Better Auth's own settings (read from its context, never copied). */
export interface SessionSettings {
  secret: string;
  /** The session cookie's name (`partsmith.session_token`, `__Secure-` first behind TLS). */
  sessionCookie: string;
  /** Better Auth's cookie cache cookie: a request carrying one goes the whole way (it clears it). */
  sessionDataCookie: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

/** How many verified signed tokens a lookup remembers (the oldest goes first). */
export const VERIFIED_TOKENS_KEPT = 4096;

export interface FoundSession {
  user: { id: string; email: string; name: string; role: string; emailVerified: boolean };
  token: string;
}

/**
 * The session token inside a signed value `<token>.<signature>`, when the signature is Better
 * Auth's (HMAC-SHA256 of the token with the secret, in padded base64, as its cookies and
 * `set-auth-token` carry it); null for anything else.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  if (signature.length !== 44 || signature[43] !== 0x3d /* = */) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The value a client sends as its Bearer token: the session token signed as Better Auth signs its
 * cookie and `set-auth-token`. The bare token alone is refused (it is what the database holds).
 */
export function signSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

function decode(value: string): string | null {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return null;
  }
}

/** The one value of a cookie in a Cookie header; null when it is absent or given twice. */
export function cookieValue(header: string, name: string): string | null {
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0 || part.slice(0, eqAt).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eqAt + 1).trim();
  }
  return found;
}

/**
 * The common case of Better Auth's getSession in one indexed query: a token Better Auth would
 * take (Bearer first, as its bearer plugin does, else the signed session cookie) whose session is
 * live and not yet due for its daily refresh, joined to its user. Every request still reads the
 * database, so a session ended by sign-out, a role change or a deletion is refused at once.
 * Anything else (no or a malformed token, an unknown, expired or refresh-due session, a cookie
 * cache cookie to clear) answers `undefined`: the caller then asks Better Auth, which decides
 * and sets or clears cookies as it always does.
 */
export function createSessionLookup(db: Db, settings: SessionSettings) {
  const byToken = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: users.emailVerified,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('partsmith_session_by_token');
  const refreshAfterMs = (settings.expiresInSeconds - settings.updateAgeSeconds) * 1000;
  /**
   * Signed values already found good, with their token (decision 037: the HMAC took 40-50 us of
   * every signed-in request here). Only good ones are kept, so no one can fill it by guessing,
   * and the session itself is still read from the database on every request.
   */
  const verified = new Map<string, string>();
  function verify(signed: string) {
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const token = verifySignedToken(signed, settings.secret);
    if (token !== null) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(signed, token);
    }
    return token;
  }

  /** The session token the request names, as Better Auth's bearer plugin and cookies read it. */
  function tokenOf(authorization: string | undefined, cookie: string | undefined) {
    if (cookie?.includes(settings.sessionDataCookie)) return null;
    if (authorization?.startsWith('Bearer ')) {
      const value = authorization.slice(7).trim();
      // A bare token is refused, as the bearer plugin refuses it (requireSignature): a copy of
      // the database or a logged token is no session without the secret's signature.
      if (!value.includes('.')) return null;
      const signed = decode(value);
      return signed && verify(signed);
    }
    const value = cookie ? cookieValue(cookie, settings.sessionCookie) : null;
    const signed = value === null ? null : decode(value);
    return signed && verify(signed);
  }

  return async function lookup(headers: {
    authorization?: string;
    cookie?: string;
  }): Promise<FoundSession | undefined> {
    const token = tokenOf(headers.authorization, headers.cookie);
    if (!token) return undefined;
    const [row] = await byToken.execute({ token });
    if (!row) return undefined;
    const now = Date.now();
    const expires = row.expiresAt.getTime();
    if (expires <= now || expires - refreshAfterMs <= now) return undefined;
    const { id, email, name, role, emailVerified } = row;
    return { user: { id, email, name, role, emailVerified }, token };
  };
}
