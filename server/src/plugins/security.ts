import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler.ts';

/**
 * Security headers on every answer, through Helmet's middleware, made once from the options and
 * run on each request (docs/decisions/067: @fastify/helmet made it anew on each request, parsing
 * the policy each time, a third of a cached answer's time). Scripts only from our own origin, and
 * a page's own inline scripts by their hashes (allowInlineScripts below); styles may be inline (SweetAlert2 and the slider inject style elements). No framing, no
 * plugins.
 */
export const securityHeaders = fp(async function securityHeaders(
  app: FastifyInstance,
  options: {
    hsts: boolean;
    stripe: boolean;
    /** Where else images come from: S3_PUBLIC_URL's origin when uploads are served from there. */
    imageOrigins?: string[];
  },
) {
  // Stripe Elements needs its script, its card iframes and its API:
  // https://docs.stripe.com/security/guide#content-security-policy
  const stripe = options.stripe;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(options.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and only helps) when the shop is reached over TLS.
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet sets the headers on the raw response, so a route's own `reply.header` (the uploads'
  // policy, a page's script hashes) still wins; it calls `next` at once (since Helmet 8.1 it
  // throws where it once passed an error on).
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery wall for the API: a state-changing call that a browser marks as
 * coming from another site (Origin not ours, or Sec-Fetch-Site: cross-site) is refused with
 * 403 before anything runs. Clients that are not browsers send neither header and are judged
 * by their credentials alone. Webhooks are signed and exempt.
 */
export const sameOriginWrites = fp(async function sameOriginWrites(
  app: FastifyInstance,
  options: { origins: string[] },
) {
  const allowed = new Set(options.origins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/webhooks/')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (
      (origin && origin !== 'null' && !allowed.has(origin)) ||
      origin === 'null' ||
      site === 'cross-site'
    ) {
      request.log.warn({ origin, site }, 'refused a cross-site write');
      return reply
        .status(403)
        .send(errorBody(403, 'This request came from another site and was refused.'));
    }
  });
});

/** An inline script element's text (not one loaded by `src`). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The SHA-256 hashes (base64) of an HTML page's inline scripts: React Router's context and module
 * imports (docs/decisions/058). Only for a page the same for everybody (prerendered, or rendered
 * as a visitor sees it and kept): its text comes from the build and the catalogue, which React
 * escapes; a page rendered for one visitor gets a nonce instead (allowNonce). A data block
 * (JSON-LD) is hashed too, harmlessly: it never runs.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (text) hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return [...hashes];
}

/**
 * Lets the page this answer sends run its own inline scripts: their hashes join the policy's
 * `script-src`.
 */
export function allowInlineScripts(reply: FastifyReply, hashes: string[]): void {
  addScriptSources(
    reply,
    hashes.map((hash) => `'sha256-${hash}'`),
  );
}

/** Lets the inline scripts that carry this answer's `nonce` run (a page for one visitor). */
export function allowNonce(reply: FastifyReply, nonce: string): void {
  addScriptSources(reply, [`'nonce-${nonce}'`]);
}

function addScriptSources(reply: FastifyReply, sources: string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string' || sources.length === 0) return;
  const allowed = sources.join(' ');
  reply.header(
    'content-security-policy',
    policy.replace(
      /(^|;)(\s*script-src [^;]*)/,
      (_, start: string, list: string) => `${start}${list} ${allowed}`,
    ),
  );
}
