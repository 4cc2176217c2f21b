import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler.ts';

/**
 * Security headers on every answer, through @fastify/helmet. Scripts only from our own origin;
 * styles may be inline (SweetAlert2 and the slider inject style elements). No framing, no
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
  await app.register(helmet, {
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
