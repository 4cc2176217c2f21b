import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') });
export const Ready = z.object({ status: z.enum(['ready', 'unavailable']), database: z.boolean() });
