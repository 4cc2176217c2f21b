import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueCache } from './cache.ts';
import { listenForCatalogueChanges } from './catalogue-listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's answers already given, served raw (decision 007) and kept exact. */
    catalogueCache: CatalogueCache;
  }
}

/**
 * The catalogue cache (made by buildApp, whose HTTP server answers from it before Fastify),
 * emptied whenever any instance changes the catalogue (the database's change notices).
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
