import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, EmailParams, ModifiedAnswer, Profile, ProfileBody } from '@partsmith/contract';
import { profiles, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userProfile/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'A profile: your own (admins may read any); null before the first save',
        params: EmailParams,
        response: { 200: Profile, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const me = request.user!;
      if (request.params.email !== me.email && me.role !== 'admin')
        throw new HttpError(403, 'You may only read your own profile.');
      const [row] = await app.db
        .select({ user: users, profile: profiles })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, request.params.email));
      if (!row) throw notFound('No account uses that e-mail.');
      if (!row.profile) return null;
      const { edu, location, number, linkdin, addiInfo } = row.profile;
      return {
        edu,
        location,
        number,
        linkdin,
        addiInfo,
        userName: row.user.name,
        email: row.user.email,
        image: row.user.image,
      };
    },
  );

  app.put(
    '/createProfile/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'Save your own profile (name and e-mail come from the account)',
        params: EmailParams,
        body: ProfileBody,
        response: { 200: ModifiedAnswer, 400: ApiError, 401: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const me = request.user!;
      if (request.params.email !== me.email)
        throw new HttpError(403, 'You may only change your own profile.');
      const values = { ...request.body, userId: me.id, updatedAt: new Date() };
      const saved = await app.db
        .insert(profiles)
        .values(values)
        .onConflictDoUpdate({
          target: profiles.userId,
          set: { ...request.body, updatedAt: values.updatedAt },
        })
        .returning({ userId: profiles.userId });
      return { acknowledged: true as const, modifiedCount: saved.length };
    },
  );
};
