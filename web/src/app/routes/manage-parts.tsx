import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ManagePartsPage } from '../../features/admin/components/manage-parts-page.tsx';

export const meta: MetaFunction = () => pageMeta('Manage Products | Partsmith');

export default ManagePartsPage;
