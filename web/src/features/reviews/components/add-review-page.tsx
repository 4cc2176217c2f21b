import { useEffect } from 'react';
import { useOutletContext } from 'react-router';
import { ReviewForm, type Reviewer } from './review-form.tsx';

/** What the dashboard layout hands its pages through the outlet (only what this page reads). */
interface SignedInOutlet {
  user: Reviewer;
}

/** /dashboard/add-review: a signed-in customer leaves a review. */
export function AddReviewPage() {
  const { user } = useOutletContext<SignedInOutlet>();

  useEffect(() => {
    document.title = 'Add Review | Partsmith';
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-8 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <div className="relative">
          <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
            Work feedback
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            Add a Review
          </h1>
          <p className="mt-2 max-w-2xl text-slate-200">
            Tell other builders how our parts and tools work for you. Your review appears on the
            home page as soon as you send it.
          </p>
        </div>
      </header>
      <ReviewForm user={user} />
    </div>
  );
}
