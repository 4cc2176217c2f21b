import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  CategoryList,
  COMPARE_PARTS_MAX,
  compareIds,
  IdParams,
  PART_HEADERS,
  PartList,
  PartCompareMissing,
  PartCompareQuery,
  PartComparison,
  PartListQuery,
  PartSuggestions,
  PartAnswer,
  PartSuggestQuery,
  SEARCH_FILTERS_MAX,
  SUGGESTIONS_MAX,
  SearchAnswer,
  SearchQuery,
} from '@partsmith/contract';
import { centsPricing, companyUnitPriceCents } from '@partsmith/contract/pricing';
import { notFound } from '../../lib/http-errors.ts';
import { buyerPriceList } from '../companies/price-lists.ts';
import { priceRules } from '../companies/price-rules.ts';
import { BEST_SELLERS_DAYS, BestSellers } from './best-sellers.ts';
import { COMPARE_CACHE_CONTROL, compareParts } from './compare.ts';
import { listCategories } from './categories.ts';
import { createPartsRepository } from './repository.ts';
import { attributeFilters } from './search-input.ts';
import { searchParts } from './search.ts';
import { suggestParts } from './suggest.ts';

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPartsRepository(app.db);
  const cache = app.catalogueCache;
  const bestSellers = new BestSellers(app.db);
  // The catalogue cache sends its own bytes, compressed once, not per request.
  const cached = { compress: false } as const;

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
      // A signed-in caller's answer may be their company's (plugin.ts: no cache hit for them).
      config: { access: 'public', perBuyer: true },
      schema: {
        tags: ['parts'],
        summary: 'One part of the catalogue, with its category and attributes',
        description:
          'For a signed-in member of a company whose price list is in force and prices this part (a fixed price, or a discount on its category), also `yourPrice`: their unit price in dollars for the part’s minimum order quantity (never above the list price with its volume break), and `yourPriceList`: the list’s name. Everybody else gets the part alone.',
        params: IdParams,
        response: { 200: PartAnswer, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const everyone = () =>
        cache.respond(request, reply, `part:${id}`, async () => {
          const part = await repo.findPage(id);
          if (!part) throw notFound('This part is not in our catalogue.');
          return { body: JSON.stringify(part), headers: {} };
        });
      // The company's answer is the caller's own: never stored in or served from the cache.
      const list = request.user ? await buyerPriceList(app.db, request.user.id) : null;
      if (!list) return everyone();
      const part = await repo.findPage(id);
      if (!part) throw notFound('This part is not in our catalogue.');
      const rule = (await priceRules(app.db, list.id, [{ id, category: part.category }])).get(id);
      if (!rule) return everyone();
      const yourPrice: PartAnswer = {
        ...part,
        yourPrice: companyUnitPriceCents(centsPricing(part), part.minOrderQuantity, rule) / 100,
        yourPriceList: list.name,
      };
      return reply.header('cache-control', 'private, no-store').send(yourPrice);
    },
  );

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'The categories of the catalogue, each with the attributes of its parts',
        response: { 200: CategoryList },
      },
    },
    async () => listCategories(app.db),
  );

  app.get(
    '/parts/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'Search the catalogue by text and specification, with facet counts',
        description: `Full text over name, category, attribute values and description (ranked; a misspelt word is searched as the nearest word of the catalogue, and \`searchedFor\` says so). Filter by \`category\`, by attribute with \`f.<key>=<value>\` (repeat a key for any of several values; at most ${SEARCH_FILTERS_MAX} values; keys from GET /api/categories), by price in dollars, by stock and, with \`volume=true\`, to the parts with volume prices. \`sort\`: \`newest\` puts the parts added last first; \`best-selling\` the most sold (the quantity of paid, not refunded orders of the last ${BEST_SELLERS_DAYS} days, then of all time; refreshed within a minute of a payment), the parts never sold after them. \`facets\` counts the parts by category and, once a category is chosen, by each of its attributes' values, each attribute's counts leaving out its own filter. Keyset pages: pass \`nextCursor\` as \`cursor\` with the same search. A search word that is a synonym's term (GET /api/search-synonyms: psu, mobo, gpu...) also finds what it stands for; a part number typed whole finds its part first.`,
        querystring: SearchQuery,
        response: { 200: SearchAnswer, 400: ApiError },
      },
    },
    async (request) => {
      const query = request.query;
      return searchParts(app.db, {
        ...query,
        filters: attributeFilters(query as Record<string, unknown>),
        synonyms: await app.searchSynonyms.get(),
        ...(query.sort === 'best-selling' ? { bestSellers: await bestSellers.get() } : {}),
      });
    },
  );

  app.get(
    '/parts/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'Parts to suggest for what is typed in a search box',
        description: `At most ${SUGGESTIONS_MAX} listed parts, best first: the part whose number is \`q\` (any case), the parts whose numbers start with it, then the parts with a word of their name starting with it, then, when \`q\` is one of the trade's words (GET /api/search-synonyms: psu, mobo, ram...), the parts it stands for (by name or category), then the parts whose names hold it anywhere. \`category\` is the part's category's slug, or null.`,
        querystring: PartSuggestQuery,
        response: { 200: PartSuggestions, 400: ApiError },
      },
    },
    async (request) => ({
      items: await suggestParts(app.db, request.query.q, await app.searchSynonyms.get()),
    }),
  );

  app.get(
    '/parts/compare',
    {
      ...cached,
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'Parts side by side, attribute by attribute',
        description: `\`ids\`: 2 to ${COMPARE_PARTS_MAX} distinct part ids separated by commas. Answers the parts as the catalogue does, in the order asked, and one row per attribute their categories declare (\`values\`: each part's, formatted, or null when it has none). An id not in the catalogue is a 404 naming it in \`missing\`.`,
        querystring: PartCompareQuery,
        response: { 200: PartComparison, 400: ApiError, 404: PartCompareMissing },
      },
    },
    async (request, reply) => {
      const ids = compareIds(request.query.ids);
      return cache.respond(request, reply, `compare:${ids.join(',')}`, async () => ({
        body: JSON.stringify(await compareParts(app.db, ids)),
        headers: { 'cache-control': COMPARE_CACHE_CONTROL },
      }));
    },
  );
};
