import { Suspense, useEffect } from 'react';
import { href, Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { useReviews } from '../api/get-reviews.ts';
import { useInViewOnce } from '../../../lib/use-in-view-once.ts';

const loadSlider = () => import('./reviews-slider.tsx');
const ReviewsSlider = lazyComponent(async () => (await loadSlider()).ReviewsSlider);

/**
 * The slider's height (a card, the dots and the Pause button), held by every state so that
 * nothing below jumps when the reviews and the slider code arrive.
 */
const RESERVED_HEIGHT = 'min-h-[23rem]';

function ReviewsContent({ enabled }: { enabled: boolean }) {
  const { data, error, isError, isPending, refetch, isRefetching } = useReviews(enabled);

  if (isError) {
    return (
      <div
        role="alert"
        className={`${RESERVED_HEIGHT} flex flex-col items-center justify-center gap-4 text-center`}
      >
        <p className="text-lg font-semibold text-slate-900">We could not load the reviews.</p>
        <p className="text-slate-700">{error.message}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={isRefetching}
          onClick={() => void refetch()}
        >
          {isRefetching && <span aria-hidden="true" className="spinner size-5" />}
          Retry
        </button>
      </div>
    );
  }

  if (isPending) return <Spinner label="Loading reviews" className={RESERVED_HEIGHT} />;

  if (data.length === 0) {
    return (
      <div
        className={`${RESERVED_HEIGHT} flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center`}
      >
        <p className="text-lg font-semibold text-slate-900">No reviews yet.</p>
        <p className="text-slate-700">Bought from us? Tell other customers how it went.</p>
        <Link to={href('/dashboard/add-review')} className="btn btn-primary btn-sm">
          Write a review
        </Link>
      </div>
    );
  }

  return (
    <Suspense fallback={<Spinner label="Loading reviews" className={RESERVED_HEIGHT} />}>
      <ReviewsSlider reviews={data} />
    </Suspense>
  );
}

/** The reviews are fetched once, when the section first comes into view. */
export function ReviewsSection() {
  const [ref, inView] = useInViewOnce<HTMLElement>();

  // Fetch the slider's code alongside the reviews instead of after them.
  useEffect(() => {
    if (inView) void loadSlider();
  }, [inView]);

  return (
    <section
      ref={ref}
      aria-labelledby="reviews-heading"
      className="below-fold bg-slate-50 [--fold-size:42.5rem]"
    >
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <header className="mx-auto mb-12 max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-widest text-primary">Reviews</p>
          <h2
            id="reviews-heading"
            className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl"
          >
            Work Feedback
          </h2>
          <p className="mt-3 text-lg text-slate-700">What our valuable customer says</p>
        </header>
        <div className={RESERVED_HEIGHT}>
          <ReviewsContent enabled={inView} />
        </div>
      </div>
    </section>
  );
}
