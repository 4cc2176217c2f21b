/**
 * Responsive images, for the Lighthouse goals (docs/performance.md). The demo artwork is SVG under
 * `/images/<folder>/<name>.svg`; the build renders WebP copies
 * `/images/<folder>/<name>-<width>.webp` at the widths below (the artwork plugin in
 * web/scripts/artwork.ts). Uploads are stored as `/uploads/<uuid>.webp` with copies
 * `/uploads/<uuid>-<width>.webp` (server/src/modules/uploads/images.ts), on the shop or under a
 * bucket's public address. Shared by the web app, its build and the server, which preloads a
 * page's largest picture (docs/decisions/038).
 */
export const ARTWORK_WIDTHS = {
  // 1200x675, about 630 px wide on a desktop and the full width on a phone.
  hero: [480, 720, 960, 1280],
  // 600x450 part cards, at most about 400 px wide.
  parts: [320, 480, 640],
  // 800x600 gallery tiles, at most about 250 px wide.
  gallery: [240, 480],
  // 800x500 portfolio pictures, at most about 600 px wide.
  portfolio: [320, 640, 960],
  // 160x160 faces shown at 80 px.
  avatars: [80, 160],
} as const satisfies Record<string, readonly number[]>;

export type ArtworkFolder = keyof typeof ARTWORK_WIDTHS;

/** Widths of the copies the server writes beside every upload (server/src/modules/uploads). */
export const UPLOAD_WIDTHS = [320, 640, 960] as const;

/**
 * The home page's first hero picture: its largest paint, at high priority (React preloads it in
 * the page's head).
 */
export const HERO_IMAGE = {
  src: '/images/hero/slide-1.svg',
  // Full width less the page padding on phones; 6/11 of the 1280 px container on desktops.
  sizes: '(min-width: 1280px) 628px, (min-width: 1024px) 50vw, calc(100vw - 2rem)',
} as const;

/**
 * The part's picture on the purchase page, its largest paint on a phone: laid out at `sizes`, in
 * the HTML the server renders with the page.
 */
export const PURCHASE_PICTURE = {
  width: 640,
  height: 480,
  sizes: '(min-width: 1024px) 576px, 90vw',
} as const;

const ARTWORK = /^\/images\/([a-z]+)\/([A-Za-z0-9_-]+)\.svg$/;
/**
 * An upload as the shop serves it (`/uploads/<uuid>.webp`) or as a bucket's public address serves
 * it (`https://images.example.com/uploads/<uuid>.webp`, S3_PUBLIC_URL, the bucket's root):
 * the copies are beside it. The uuid's shape is the server's to check; this only reads
 * it (every byte here is on the home page).
 */
const UPLOAD = /^(.*\/uploads\/)([0-9a-f-]{36})\.webp$/;

export interface ImageSources {
  /** What `src` gets: a WebP copy near the given width, or the URL itself when unknown. */
  src: string;
  /** `srcset` with width descriptors, absent for unknown or external URLs. */
  srcSet?: string;
}

const srcSetOf = (widths: readonly number[], url: (width: number) => string) =>
  widths.map((width) => `${url(width)} ${width}w`).join(', ');

/** The smallest copy at least `width` wide (else the largest): what `src` falls back to. */
const nearest = (widths: readonly number[], width: number) =>
  widths.find((w) => w >= width) ?? widths[widths.length - 1]!;

/**
 * The WebP copies of a known image, for `src` and `srcset`. `width` is the size the page lays
 * the picture out at (its `width` attribute). Other URLs (an external photo, a blob preview) are
 * returned as they are.
 */
export function imageSources(url: string, width: number): ImageSources {
  const artwork = ARTWORK.exec(url);
  if (artwork && artwork[1]! in ARTWORK_WIDTHS) {
    const [, folder, name] = artwork;
    const widths = ARTWORK_WIDTHS[folder as ArtworkFolder];
    const copy = (w: number) => `/images/${folder}/${name}-${w}.webp`;
    return { src: copy(nearest(widths, width)), srcSet: srcSetOf(widths, copy) };
  }
  const upload = UPLOAD.exec(url);
  if (upload) {
    const [, base, id] = upload;
    const copy = (w: number) => `${base}${id}-${w}.webp`;
    return { src: copy(nearest(UPLOAD_WIDTHS, width)), srcSet: srcSetOf(UPLOAD_WIDTHS, copy) };
  }
  return { src: url };
}
