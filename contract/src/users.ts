import * as z from './zod-subset.ts';
import { Role } from './auth.ts';
import { Id } from './common.ts';

/** A row of the admins' Make Admin list (GET /api/users). */
export const UserSummary = z.object({
  _id: Id,
  email: z.string(),
  name: z.string(),
  role: Role,
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UserList = z.array(UserSummary);
