import * as z from './zod-subset.ts';
import { NameField } from './auth.ts';
import { Id } from './common.ts';
import { ShopImage } from './uploads.ts';

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

/**
 * POST /api/addReview. The author's name is the signed-in account's: a `name` sent with the
 * review (the spec's form field) is accepted and ignored, so nobody can post as "Partsmith
 * Support".
 */
export const AddReviewBody = z.object({
  name: NameField.optional(),
  rating: z.coerce
    .number({ message: 'Rating is Required' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  type: z
    .string({ message: 'Description is Required' })
    .trim()
    .min(1, 'Description is Required')
    .max(600, 'Keep the description under 600 characters'),
  image: ShopImage,
});
export type AddReviewBody = z.input<typeof AddReviewBody>;

/**
 * Five orange stars when the rating is 3 or more, else two (docs/spec.md, Business constants and
 * limits).
 */
export function starsFor(rating: number): 5 | 2 {
  return rating >= 3 ? 5 : 2;
}
