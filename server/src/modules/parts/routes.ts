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

  app.get(
    '/allParts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'The parts in stock, a page at a time',
        description: `Keyset pagination: pass the ${PART_HEADERS.nextCursor} header of a page as \`cursor\` to get the next one. The number of matching parts is in ${PART_HEADERS.total}.`,
        querystring: PartListQuery,
        response: { 200: PartList, 400: ApiError },
      },
    },
    async (request, reply) => {
      const page = await repo.list(request.query);
      reply.header(PART_HEADERS.total, String(page.total));
      if (page.nextCursor) reply.header(PART_HEADERS.nextCursor, page.nextCursor);
      return page.parts;
    },
  );

  app.get(
    '/part/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'One part of the catalogue',
        params: IdParams,
        response: { 200: Part, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const part = await repo.findListed(request.params.id);
      if (!part) throw notFound('This part is not in our catalogue.');
      return part;
    },
  );
};
