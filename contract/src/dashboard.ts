import { z } from 'zod';
import { NameField, Role } from './auth.ts';
import { Id } from './common.ts';

/** POST /api/upload answers the shape the spec's image host answered. */
export const UploadAnswer = z.object({ display_url: z.string() });
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 25_000_000;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** An image the shop itself stored (an upload answer's display_url) or a demo image. */
export const ShopImage = z
  .string({ message: 'Upload an image first' })
  .min(1, 'Upload an image first')
  .max(500)
  .regex(
    /^(\/uploads\/[A-Za-z0-9_-]+\.webp|\/images\/[a-z0-9/_-]+\.svg|https:\/\/[^\s]+)$/,
    'Upload an image first',
  );

export const InsertedAnswer = z.object({ acknowledged: z.literal(true), insertedId: Id });
export const ModifiedAnswer = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int(),
});

// --- Reviews (spec: name, image, type (the description), rating) ---
/**
 * The author's name is the signed-in account's: a `name` sent with the review (the spec's form
 * field) is accepted and ignored, so nobody can post as "Partsmith Support".
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

// --- Profile (spec field names: edu, location, number, linkdin, addiInfo) ---
export const ProfileBody = z.object({
  edu: z
    .string({ message: 'Education is Required' })
    .trim()
    .min(1, 'Education is Required')
    .max(200),
  location: z
    .string({ message: 'Location is Required' })
    .trim()
    .min(1, 'Location is Required')
    .max(200),
  number: z
    .string({ message: 'Phone is Required' })
    .trim()
    .min(1, 'Phone is Required')
    .regex(/^\+?[0-9][0-9 ().-]{5,22}[0-9]$/, 'Provide a valid phone number'),
  linkdin: z
    .string({ message: 'LinkedIn link is Required' })
    .trim()
    .min(1, 'LinkedIn link is Required')
    .max(300)
    .regex(
      /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/[^\s]+$/i,
      'Provide a valid LinkedIn link (https://www.linkedin.com/in/…)',
    ),
  addiInfo: z
    .string({ message: 'Additional info is Required' })
    .trim()
    .min(1, 'Additional info is Required')
    .max(1000, 'Keep it under 1000 characters'),
});
export type ProfileBody = z.input<typeof ProfileBody>;
/**
 * A price in dollars on every write: at least $0.01, in whole cents (the database keeps
 * integer cents and refuses less than one with a CHECK).
 */
export const PriceField = z.coerce
  .number({ message: 'Price is Required' })
  .min(0.01, 'Price must be at least $0.01')
  .max(1_000_000, 'Price is too high')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price has at most 2 decimals');

/** GET /api/userProfile/:email: the saved profile with the account's name, e-mail and photo; null before the first save. */
export const Profile = ProfileBody.extend({
  userName: z.string(),
  email: z.string(),
  image: z.string().nullable(),
}).nullable();
export type Profile = z.infer<typeof Profile>;

// --- Catalogue administration ---
export const AddPartBody = z
  .object({
    name: z
      .string({ message: 'Product name is Required' })
      .trim()
      .min(1, 'Product name is Required')
      .max(150),
    description: z
      .string({ message: 'Description is Required' })
      .trim()
      .min(1, 'Description is Required')
      .max(2000),
    availableQuantity: z.coerce
      .number({ message: 'Available quantity is Required' })
      .int('Available quantity must be a whole number')
      .min(0, 'Available quantity cannot be negative')
      .max(10_000_000),
    minOrderQuantity: z.coerce
      .number({ message: 'Minimum quantity is Required' })
      .int('Minimum quantity must be a whole number')
      .min(1, 'Minimum quantity must be at least 1')
      .max(10_000_000),
    price: PriceField,
    image: ShopImage,
  })
  .refine((p) => p.minOrderQuantity <= p.availableQuantity || p.availableQuantity === 0, {
    message: 'Minimum quantity cannot be more than the available quantity',
    path: ['minOrderQuantity'],
  });
export type AddPartBody = z.input<typeof AddPartBody>;

/** PATCH /api/tools/:id: an admin corrects the stock and/or the price. */
export const UpdatePartBody = z
  .object({
    availableQuantity: z.coerce
      .number()
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000)
      .optional(),
    price: PriceField.optional(),
  })
  .refine(
    (b) => b.availableQuantity !== undefined || b.price !== undefined,
    'Change the stock or the price',
  );
export type UpdatePartBody = z.input<typeof UpdatePartBody>;

// --- Users ---
export const UserSummary = z.object({
  _id: Id,
  email: z.string(),
  name: z.string(),
  role: Role,
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UserList = z.array(UserSummary);

/** Admin lists are pages: `limit` (default 50, at most 200) and `cursor` from X-Next-Cursor; X-Total-Count has the total. */
export const AdminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'Not a valid cursor')
    .optional(),
});
export type AdminListQuery = z.input<typeof AdminListQuery>;

// --- Audit log ---
export const AUDIT_ACTIONS = [
  'user.role',
  'user.delete',
  'part.add',
  'part.update',
  'part.delete',
  'order.ship',
  'order.delete',
  'payment.refund',
  'review.hide',
  'review.show',
  'review.delete',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AuditEntry = z.object({
  _id: Id,
  at: z.string(),
  actorEmail: z.string(),
  action: AuditAction,
  targetId: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.array(AuditEntry);
export const AuditQuery = AdminListQuery.extend({ action: AuditAction.optional() });
