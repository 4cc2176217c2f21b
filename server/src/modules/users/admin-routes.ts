import { asc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminListQuery,
  ApiError,
  DeleteAnswer,
  EmailParams,
  IdParams,
  ModifiedAnswer,
  PART_HEADERS,
  Role,
  UserList,
} from '@partsmith/contract';
import { pageLimit } from '../../db/page-limit.ts';
import { users } from '../../db/schema/auth.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
import { refuseIfLastAdmin, setRoleByEmail } from './service.ts';

export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every account, a page at a time (X-Total-Count, X-Next-Cursor)',
        querystring: AdminListQuery,
        response: { 200: UserList },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const [rows, total] = await Promise.all([
        app.db
          .select()
          .from(users)
          .where(cursor ? gt(users.seq, Number(cursor)) : undefined)
          .orderBy(asc(users.seq))
          .limit(pageLimit(limit + 1)),
        app.db.$count(users),
      ]);
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      reply.header(PART_HEADERS.total, String(total));
      if (more) reply.header(PART_HEADERS.nextCursor, String(page[page.length - 1]!.seq));
      return page.map((u) => ({
        _id: u.id,
        email: u.email,
        name: u.name,
        role: Role.safeParse(u.role).data ?? 'customer',
        createdAt: u.createdAt.toISOString(),
      }));
    },
  );

  app.put(
    '/users/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make an account an administrator (its sessions end at once)',
        params: EmailParams,
        response: { 200: ModifiedAnswer, 404: ApiError },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.email, request.params.email));
        if (!target) throw notFound('No account uses that e-mail.');
        const modifiedCount = await setRoleByEmail(tx, target.email, 'admin');
        if (modifiedCount > 0) {
          await recordAudit(tx, request.user!, {
            action: 'user.role',
            targetId: target.id,
            summary: `Made ${target.email} an administrator`,
            before: { role: target.role },
            after: { role: 'admin' },
          });
        }
        return { acknowledged: true as const, modifiedCount };
      }),
  );

  app.delete(
    '/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete an account (never the last administrator); its sessions end at once',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, request.params.id));
        if (!target) throw notFound('No such account.');
        await refuseIfLastAdmin(tx, { id: target.id });
        // Sessions, accounts and the profile go with the user (ON DELETE CASCADE); orders keep a copy.
        await tx.delete(users).where(eq(users.id, target.id));
        await recordAudit(tx, request.user!, {
          action: 'user.delete',
          targetId: target.id,
          summary: `Deleted the account ${target.email}`,
          before: { email: target.email, name: target.name, role: target.role },
        });
        return { acknowledged: true as const, deletedCount: 1 };
      }),
  );
};
