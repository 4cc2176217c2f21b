import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate the routes; UI at /api/docs. */
export const openApi = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Partsmith API',
        description:
          'The API of the Partsmith shop. Paths follow the storefront specification under /api.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
});

export async function openApiUi(app: FastifyInstance) {
  // The documentation pages are public; declare it for each route the UI plugin adds.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
