import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../lib/http-errors.ts';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * One error shape for every answer: { statusCode, error, message }. Validation errors name the
 * field and keep the contract's message; 5xx answers never carry a stack trace or SQL, only a
 * generic message (the details go to the log with the request id).
 */
export const errorHandler = fp(async function errorHandler(app: FastifyInstance) {
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
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
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
