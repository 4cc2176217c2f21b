import type { FastifyServerOptions } from 'fastify';

/** Path segments that are secrets: a password reset link carries its token in the path. */
const SECRET_PATH = /^(\/api\/auth\/(?:reset-password|verify-email|callback\/[^/]+))\/[^/?]+/;

/** A request's URL as it may be logged: no query string (tokens, e-mails), no secret segments. */
export function loggableUrl(url: string) {
  const path = url.split('?')[0]!.replace(SECRET_PATH, '$1/[redacted]');
  return url.includes('?') ? `${path}?[redacted]` : path;
}

/**
 * The app's pino options: credentials redacted, URLs logged without their query string or
 * secret path segments. `stream` is where the JSON lines go (tests collect them).
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
