import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  IdParams,
  Part,
  PART_HEADERS,
  PartList,
  PartListQuery,
} from '@partsmith/contract';
import { notFound } from '../../lib/http-errors.ts';
import { createPartsRepository } from './repository.ts';

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPartsRepository(app.db);
  const cache = app.catalogueCache;
  // The catalogue cache sends its own bytes (compressed once, not per request) and learns the
  // headers every answer carries from the misses, so that a hit sends the very same.
  const cached = {
    compress: false,
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode === 200) cache.learnSharedHeaders(reply.getHeaders());
    },
  } as const;

  app.get(
    '/allParts',
    {
      ...cached,
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'The parts in stock, a page at a time',
        description: `Keyset pagination: pass the ${PART_HEADERS.nextCursor} header of a page as \`cursor\` to get the next one. The number of matching parts is in ${PART_HEADERS.total}.`,
        querystring: PartListQuery,
        response: { 200: PartList },
      },
    },
    async (request, reply) => {
      const { limit, cursor, q } = request.query;
      const key = `list:${limit}:${cursor ?? ''}:${q ?? ''}`;
      return cache.respond(request, reply, key, async () => {
        const page = await repo.list(request.query);
        return {
          body: JSON.stringify(page.parts),
          headers: {
            [PART_HEADERS.total]: String(page.total),
            ...(page.nextCursor ? { [PART_HEADERS.nextCursor]: page.nextCursor } : {}),
          },
        };
      });
    },
  );

  app.get(
    '/part/:id',
    {
      ...cached,
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'One part of the catalogue',
        params: IdParams,
        response: { 200: Part, 404: ApiError },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, `part:${request.params.id}`, async () => {
        const part = await repo.findListed(request.params.id);
        if (!part) throw notFound('This part is not in our catalogue.');
        return { body: JSON.stringify(part), headers: {} };
      }),
  );
};
