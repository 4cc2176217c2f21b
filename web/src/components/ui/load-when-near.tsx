import { Suspense, type ReactNode } from 'react';
import { useInViewOnce } from '../../lib/use-in-view-once.ts';

/**
 * A part loaded on demand (a `lazyComponent` form below the fold) that is rendered, and so
 * fetched, only once its place comes within `rootMargin` of the viewport: a visitor who never
 * scrolls there does not download and run its code (react-hook-form, zod) while the page starts
 * (docs/decisions/038). Until then, and while it loads, `fallback` holds its place at its final
 * size. The wrapper is a plain block, so the layout is the same either way.
 */
export function LoadWhenNear({
  fallback,
  children,
  rootMargin = '600px',
}: {
  fallback: ReactNode;
  children: ReactNode;
  rootMargin?: string;
}) {
  const [ref, near] = useInViewOnce<HTMLDivElement>(rootMargin);
  return (
    <div ref={ref}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>
  );
}
