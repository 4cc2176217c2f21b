import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ManageOrdersPage } from '../../features/admin/components/manage-orders-page.tsx';

export const meta: MetaFunction = () => pageMeta('Manage Orders | Partsmith');

export default ManageOrdersPage;
