import { useState, type ImgHTMLAttributes } from 'react';
import { imageSources } from '@partsmith/contract/images';

type Props = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding'
> & {
  src: string;
  alt: string;
  /** The picture's intrinsic size: reserves its box before it loads (no layout shift). */
  width: number;
  height: number;
  /** How wide the picture is laid out, e.g. '(min-width: 1024px) 400px, 100vw'. */
  sizes: string;
  /** The page's largest picture at the top: fetched first and at once. Others load lazily. */
  priority?: boolean;
};

/**
 * Every picture of the shop: WebP copies in `srcset` for the demo artwork and uploads (the
 * browser picks the smallest that is sharp enough), width and height always set, lazy below the
 * fold. An unknown URL is shown as it is. A copy that fails to load (an upload older than its
 * copies) falls back to the original URL.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  ...rest
}: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const sources = failed === src ? { src } : imageSources(src, width);
  return (
    <img
      {...rest}
      alt={alt}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onError={(event) => {
        if (sources.srcSet) setFailed(src);
        rest.onError?.(event);
      }}
    />
  );
}
