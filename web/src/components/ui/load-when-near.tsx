import { Suspense, type ReactNode } from 'react';
import { useInViewOnce } from '../../lib/use-in-view-once.ts';
import { Spinner } from './spinner.tsx';

/**
 * A part loaded on demand (a `lazyComponent` form below the fold) that is rendered, and so
 * fetched, only once its place comes within `rootMargin` of the viewport: a visitor who never
 * scrolls there does not download and run its code (react-hook-form, zod) while the page starts
 * (docs/decisions/038). Its place is held at its final size (`reserve`, the classes that give it
 * its height), so the layout is the same either way: empty until it is near, a spinner saying
 * `label` while it loads. The empty box is still: a spinner in a footer that the visitor had not
 * scrolled to turned for as long as the page stayed open, and announced a load that had not begun.
 */
export function LoadWhenNear({
  label,
  reserve,
  children,
  rootMargin = '600px',
}: {
  label: string;
  reserve: string;
  children: ReactNode;
  rootMargin?: string;
}) {
  const [ref, near] = useInViewOnce<HTMLDivElement>(rootMargin);
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<Spinner label={label} className={reserve} />}>{children}</Suspense>
      ) : (
        <div className={reserve} />
      )}
    </div>
  );
}
