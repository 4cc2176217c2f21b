import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { CATALOGUE_CHANNEL, type CatalogueCache } from './cache.ts';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export interface CatalogueListener {
  /** Whether the notifications are heard now. */
  readonly connected: boolean;
  close(): Promise<void>;
  /** Tests only: the dedicated PostgreSQL connection, to cut it. */
  readonly client: pg.Client | null;
}

/**
 * Hears the `parts` trigger's notifications and empties the cache on each. On PostgreSQL a
 * dedicated connection outside the pool listens; while it is down the cache is bypassed, and
 * it reconnects with a growing pause (the cache is emptied again once it hears again, since
 * changes made meanwhile were not heard). On PGlite the notification arrives in process.
 */
export async function listenForCatalogueChanges(
  database: Database,
  cache: CatalogueCache,
  log: FastifyBaseLogger,
  options: { reconnectMs?: number } = {},
): Promise<CatalogueListener> {
  const firstRetryMs = options.reconnectMs ?? RECONNECT_MIN_MS;
  if (database.raw.kind === 'pglite') {
    const client = database.raw.client;
    const unlisten = await client.listen(CATALOGUE_CHANNEL, () => cache.invalidate());
    cache.setListening(true);
    return {
      connected: true,
      client: null,
      async close() {
        cache.setListening(false);
        if (!client.closed) await unlisten().catch(() => {});
      },
    };
  }

  const connection = database.raw.pool.options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;

  const dropped = (target: pg.Client, err?: unknown) => {
    if (client !== target) return;
    client = null;
    cache.setListening(false);
    target.end().catch(() => {});
    if (closed) return;
    log.warn(
      { err },
      `the catalogue cache stopped hearing changes; it is bypassed until the database connection is back (retry in ${retryMs} ms)`,
    );
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, Math.max(RECONNECT_MAX_MS, firstRetryMs));
  };

  const connect = async (): Promise<boolean> => {
    const next = new pg.Client({
      ...connection,
      application_name: 'partsmith-catalogue-listener',
    } as pg.ClientConfig);
    next.on('error', (err) => dropped(next, err));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) cache.invalidate();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      dropped(next, err);
      return false;
    }
    if (closed || client !== next) {
      await next.end().catch(() => {});
      return false;
    }
    retryMs = firstRetryMs;
    cache.setListening(true);
    log.debug('the catalogue cache hears changes');
    return true;
  };

  await connect();
  return {
    get connected() {
      return client !== null && cache.enabled;
    },
    get client() {
      return client;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      cache.setListening(false);
      if (current) await current.end().catch(() => {});
    },
  };
}
