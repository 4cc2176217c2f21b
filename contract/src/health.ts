import * as z from './zod-subset.ts';

export const Health = z.object({ status: z.literal('ok') });
/** Readiness: the database answers; `redis` is reported when REDIS_URL is set (it does not gate it). */
export const Ready = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.boolean(),
  redis: z.boolean().optional(),
});
