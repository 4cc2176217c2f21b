import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ManageReviewsPage } from '../../features/admin/components/manage-reviews-page.tsx';

export const meta: MetaFunction = () => pageMeta('Manage Reviews | Partsmith');

export default ManageReviewsPage;
