import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { OverviewPage } from '../../features/insights/components/overview-page.tsx';

export const meta: MetaFunction = () => pageMeta('Sales & Stock | Partsmith');

export default OverviewPage;
