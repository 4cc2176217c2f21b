import { useEffect } from 'react';
import { useOutletContext } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
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
    <DashboardPage
      eyebrow="Work feedback"
      title="Add a Review"
      intro="Tell other builders how our parts and tools work for you. Your review appears on the home page as soon as you send it."
    >
      <ReviewForm user={user} />
    </DashboardPage>
  );
}
