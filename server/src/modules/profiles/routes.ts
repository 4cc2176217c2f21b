import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  EmailParams,
  ModifiedAnswer,
  Profile,
  ProfileBody,
  profileFromWire,
  profileToWire,
} from '@partsmith/contract';
import { readProfile, saveProfile } from './service.ts';

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
      const profile = await readProfile(app.db, request.user!, request.params.email);
      return profile && profileToWire(profile);
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
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await saveProfile(
        app.db,
        request.user!,
        request.params.email,
        profileFromWire(request.body),
      ),
    }),
  );
};
