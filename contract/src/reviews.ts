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

/** A review as the admins' Manage Reviews page lists it: hidden ones too, with the author. */
export const AdminReview = Review.extend({
  hidden: z.boolean(),
  /** The author's account e-mail (null for the demo reviews and deleted accounts). */
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof AdminReview>;
export const AdminReviewList = z.array(AdminReview);

/** PATCH /api/reviews/:id (admins): hide a review from the home page, or show it again. */
export const ReviewVisibilityBody = z.object({
  hidden: z.boolean({ message: 'Say whether the review is hidden (true or false)' }),
});
export type ReviewVisibilityBody = z.input<typeof ReviewVisibilityBody>;

/** Spec section 9: five orange stars when the rating is 3 or more, else two. */
export function starsFor(rating: number): 5 | 2 {
  return rating >= 3 ? 5 : 2;
}
