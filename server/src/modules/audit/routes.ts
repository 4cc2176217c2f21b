import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditList, AuditQuery, PART_HEADERS } from '@partsmith/contract';
import { listAudit } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What admins changed, newest first, filterable by action',
        querystring: AuditQuery,
        response: { 200: AuditList },
      },
    },
    async (request, reply) => {
      const page = await listAudit(app.db, request.query);
      reply.header(PART_HEADERS.total, String(page.total));
      if (page.nextCursor) reply.header(PART_HEADERS.nextCursor, page.nextCursor);
      return page.entries;
    },
  );
};
