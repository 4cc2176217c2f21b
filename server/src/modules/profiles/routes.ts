import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  EmailParams,
  ModifiedAnswer,
  Profile,
  ProfileBody,
  profileFromWire,
  profileToWire,
  type ProfileFields,
} from '@partsmith/contract';
import { profiles } from '../../db/schema/profiles.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { findUserByEmail } from '../users/service.ts';

/** What a profile answer reads from the table (the account's name, e-mail and picture come from users). */
const profileColumns = {
  education: profiles.education,
  location: profiles.location,
  phone: profiles.phone,
  linkedinUrl: profiles.linkedinUrl,
  additionalInfo: profiles.additionalInfo,
};

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userProfile/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'A profile: your own (admins may read any); null before the first save',
        params: EmailParams,
        response: { 200: Profile, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const me = request.user!;
      if (request.params.email !== me.email && me.role !== 'admin')
        throw new HttpError(403, 'You may only read your own profile.');
      // The account comes from the users module, the profile from this one's table.
      const user = await findUserByEmail(app.db, request.params.email);
      if (!user) throw notFound('No account uses that e-mail.');
      const [profile] = await app.db
        .select(profileColumns)
        .from(profiles)
        .where(eq(profiles.userId, user.id));
      if (!profile) return null;
      return profileToWire({
        ...profile,
        userName: user.name,
        email: user.email,
        image: user.image,
      });
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
        response: { 200: ModifiedAnswer, 403: ApiError },
      },
    },
    async (request) => {
      const me = request.user!;
      if (request.params.email !== me.email)
        throw new HttpError(403, 'You may only change your own profile.');
      const fields: ProfileFields = profileFromWire(request.body);
      const updatedAt = new Date();
      const saved = await app.db
        .insert(profiles)
        .values({ ...fields, userId: me.id, updatedAt })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt } })
        .returning({ userId: profiles.userId });
      return { acknowledged: true as const, modifiedCount: saved.length };
    },
  );
};
