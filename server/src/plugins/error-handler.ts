import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../lib/http-errors.ts';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Whether a parsed query, params or JSON body holds a NUL character anywhere in its text. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  // Parsed text only (JSON bodies, the query parser's objects), not uploads' buffers or streams.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function')
    return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * One error shape for every answer: { statusCode, error, message }. Validation errors name the
 * field and keep the contract's message; 5xx answers never carry a stack trace or SQL, only a
 * generic message (the details go to the log with the request id).
 */
export const errorHandler = fp(async function errorHandler(app: FastifyInstance) {
  // PostgreSQL's text cannot hold NUL (\u0000): such input failed in the database as a 500
  // (found by wapiti, proof/scanners.test.ts). It is refused up front, on every route, as the
  // client's mistake.
  app.addHook('preValidation', async (request, reply) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body))
      return reply.status(400).send(errorBody(400, 'Text cannot contain NUL characters.'));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const where = error.validationContext ?? 'request';
      const message = first
        ? field
          ? `${first.message} (${where} field "${field}")`
          : `${first.message} (${where})`
        : 'The request is not valid';
      return reply.status(400).send(errorBody(400, message));
    }
    if (error instanceof HttpError) {
      // A refusal decided by a handler (someone else's account or profile) is logged like the
      // access plugin's own, so every denial can be traced.
      if (error.statusCode === 401 || error.statusCode === 403) {
        request.log.warn(
          { route: request.routeOptions.url, user: request.user?.id, status: error.statusCode },
          `access denied: ${error.message}`,
        );
      }
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, ...errorBody(error.statusCode, error.message) });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type, body too large): safe, fixed messages.
      return reply.status(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, SERVER_ERROR_MESSAGE));
  });
});
