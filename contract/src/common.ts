import * as z from './zod-subset.ts';

/** Every record id is a UUID made by the database; anything else is a 400, never a lookup. */
export const Id = z.uuid({ message: 'Not a valid id' });
export type Id = z.infer<typeof Id>;

export const IdParams = z.object({ id: Id });

/** The one error shape every API answer uses (Fastify's own shape). */
export const ApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Shared field rules, so the browser's form and the server check the same thing. */
export const EmailField = z
  .string({ message: 'Email is Required' })
  .trim()
  .min(1, 'Email is Required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Provide a Valid Email' }))
  .transform((e) => e.toLowerCase());

export const Acknowledged = z.object({
  acknowledged: z.boolean(),
});

export const InsertedAnswer = z.object({ acknowledged: z.literal(true), insertedId: Id });
export const ModifiedAnswer = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int(),
});

/** Admin lists are pages: `limit` (default 50, at most 200) and `cursor` from X-Next-Cursor; X-Total-Count has the total. */
export const AdminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'Not a valid cursor')
    .optional(),
});
export type AdminListQuery = z.input<typeof AdminListQuery>;
