import { z } from 'zod';
import { Id } from './common.ts';

/** A customer review. `type` is the spec's name for the free-text line under the name. */
export const Review = z.object({
  _id: Id,
  name: z.string(),
  image: z.string(),
  type: z.string(),
  rating: z.number().int().min(1).max(5),
});
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);

/** Spec section 9: five orange stars when the rating is 3 or more, else two. */
export function starsFor(rating: number): 5 | 2 {
  return rating >= 3 ? 5 : 2;
}
