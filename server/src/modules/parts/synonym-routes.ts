import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  DeleteAnswer,
  SearchSynonym,
  SearchSynonymBody,
  SearchSynonymList,
  SearchSynonymParams,
} from '@partsmith/contract';
import { deleteSynonym, listSynonyms, saveSynonym } from './synonyms.ts';

/**
 * The trade's words of the search (issue 46), kept by the admins; each change is audited and
 * read by this instance's next search (others within half a minute).
 */
export const searchSynonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const synonyms = app.searchSynonyms;

  app.get(
    '/search-synonyms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The search's synonyms: the trade's words and what each also finds",
        response: { 200: SearchSynonymList },
      },
    },
    async () => listSynonyms(app.db),
  );

  app.put(
    '/search-synonyms/:term',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a search synonym, or change what it finds',
        description:
          'A search word equal to `term` (lower case; words joined by a dash or a space, matched as consecutive search words) also finds the parts that hold every word of `expansion`: psu finds "power supply". Answers the synonym as saved.',
        params: SearchSynonymParams,
        body: SearchSynonymBody,
        response: { 200: SearchSynonym, 400: ApiError },
      },
    },
    async (request) => {
      const saved = await saveSynonym(
        app.db,
        { term: request.params.term, expansion: request.body.expansion },
        request.user!,
      );
      synonyms.changed();
      return saved;
    },
  );

  app.delete(
    '/search-synonyms/:term',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a search synonym',
        params: SearchSynonymParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await deleteSynonym(app.db, request.params.term, request.user!);
      synonyms.changed();
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
