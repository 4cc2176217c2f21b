import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { DashboardHome } from '../../features/dashboard/components/dashboard-home.tsx';

export const meta: MetaFunction = () => pageMeta('Dashboard | Partsmith');

export default DashboardHome;
