import * as z from './zod-subset.ts';

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
