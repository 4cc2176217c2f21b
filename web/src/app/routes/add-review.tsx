import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { AddReviewPage } from '../../features/reviews/components/add-review-page.tsx';

export const meta: MetaFunction = () => pageMeta('Add Review | Partsmith');

export default AddReviewPage;
