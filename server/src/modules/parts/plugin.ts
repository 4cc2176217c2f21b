import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueCache } from './cache.ts';
import { listenForCatalogueChanges } from './catalogue-listener.ts';
import { SynonymCache } from './synonyms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's answers already given, kept as bytes and exact (decision 007). */
    catalogueCache: CatalogueCache;
    /** The trade's words the search reads (psu: power supply), and their changes here. */
    searchSynonyms: SynonymCache;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a signed-in caller with their company's prices (GET /api/part/:id): a
     * cache hit is for anonymous callers only; a signed-in one goes to its handler.
     */
    perBuyer?: true;
  }
}

/**
 * The catalogue cache (made by buildApp, which also registers `catalogueCacheHits`), emptied
 * whenever any instance changes the catalogue (the database's change notices).
 */
export const catalogueCache = fp(async function catalogueCache(
  app: FastifyInstance,
  options: { cache: CatalogueCache; reconnectMs?: number },
) {
  app.decorate('catalogueCache', options.cache);
  const listener = await listenForCatalogueChanges(app.database, options.cache, app.log, {
    reconnectMs: options.reconnectMs,
  });
  app.addHook('onClose', () => listener.close());
});

/**
 * From an onRequest hook, answers a GET of a URL the cache has answered before. Registered after
 * the shop's own hooks (request id, security headers, session; logging and metrics see every
 * reply), so a hit is answered, logged and counted as any request, before validation and the
 * handler. The catalogue's routes and pages are public, and their reads are not limited.
 */
export const catalogueCacheHits = fp(async function catalogueCacheHits(app: FastifyInstance) {
  const cache = app.catalogueCache;
  app.addHook('onRequest', (request, reply, done) => {
    // The session is known here (the auth plugin's hook ran first): a signed-in caller of a
    // route with per-company answers is answered by its handler.
    if (request.user && request.routeOptions.config.perBuyer) return done();
    // A hit is sent from here; the request goes no further.
    if (!cache.serve(request, reply)) done();
  });
});

/** The search's synonyms (synonyms.ts): read from the database, kept a little while. */
export const searchSynonyms = fp(async function searchSynonyms(app: FastifyInstance) {
  app.decorate('searchSynonyms', new SynonymCache(app.db));
});
