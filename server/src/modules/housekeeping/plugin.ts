import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runLeased } from '../jobs/lease.ts';
import { createHousekeeping, rateLimitKeepMs, type Housekeeping } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled purges (tests call `runOnce()`). */
    housekeeping: Housekeeping;
  }
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The first run waits for the start-up's work to settle. */
const FIRST_RUN_MS = 5 * 60 * 1000;

/**
 * Runs the purges hourly, each run after the last one ended, on one instance per hour: the
 * instance that takes the hour's lease (jobs/lease.ts) runs them, the others skip that hour. Off in tests unless `start` says so: they call runOnce.
 */
export const housekeeping = fp(async function housekeeping(
  app: FastifyInstance,
  options: { start?: boolean; intervalMs?: number } = {},
) {
  const service = createHousekeeping({
    db: app.db,
    images: app.images,
    log: app.log,
    rateLimitKeepMs: rateLimitKeepMs(
      Object.values(app.config.rateLimits).map((rule) => rule.windowSeconds),
    ),
    visitorCartKeepMs: app.config.visitorCartDays * DAY_MS,
    handledMessageKeepMs: app.config.handledMessageDays * DAY_MS,
  });
  app.decorate('housekeeping', service);

  const intervalMs = options.intervalMs ?? HOUR_MS;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = (delay: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      // One instance runs each hour's purges (the lease); the others skip that hour.
      void runLeased(app.db, 'housekeeping', intervalMs, () => service.runOnce())
        .catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'))
        .finally(() => schedule(intervalMs));
    }, delay);
    // A timer that keeps no process alive on its own.
    timer.unref();
  };
  if (options.start ?? app.config.env !== 'test') schedule(Math.min(FIRST_RUN_MS, intervalMs));

  // preClose: before the onClose hooks, one of which closes the database a run may be using.
  app.addHook('preClose', async () => {
    closed = true;
    clearTimeout(timer);
    await service.idle();
  });
});
