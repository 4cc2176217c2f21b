import { cookieValue, signSessionToken, verifySignedToken } from '../../auth/session-lookup.ts';

/** The cookie that names a visitor's cart (its id, signed with the shop's secret). */
export const VISITOR_CART_COOKIE = 'partsmith.visitor_cart';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface VisitorCookieSettings {
  /** The shop's secret (Better Auth's, which signs the session cookie). */
  secret: string;
  /** Behind TLS (PUBLIC_URL is https): the cookie is sent over HTTPS only. */
  secure: boolean;
  /** How long the browser keeps it: as long as housekeeping keeps an untouched cart. */
  maxAgeSeconds: number;
}

/**
 * The visitor's cart id in a Cookie header, when its signature is the shop's; null for no
 * cookie, a forged or malformed one. Signed as Better Auth signs its own cookies (HMAC-SHA256 in
 * base64 after a dot, URL-encoded), so its hooks read it with the same secret.
 */
export function visitorCartIdOf(cookieHeader: string | undefined | null, secret: string) {
  const raw = cookieHeader ? cookieValue(cookieHeader, VISITOR_CART_COOKIE) : null;
  if (!raw) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const id = verifySignedToken(signed, secret);
  return id && UUID.test(id) ? id : null;
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie header that gives the browser its cart's id. */
export function visitorCartCookie(id: string, settings: VisitorCookieSettings): string {
  const value = encodeURIComponent(signSessionToken(id, settings.secret));
  return `${VISITOR_CART_COOKIE}=${value}; Max-Age=${settings.maxAgeSeconds}; ${attributes(settings.secure)}`;
}

/** The Set-Cookie header that makes the browser forget it (its cart joined an account). */
export function clearedVisitorCartCookie(secure: boolean): string {
  return `${VISITOR_CART_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}
