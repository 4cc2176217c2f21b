import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { PortfolioPage } from '../../features/content/components/portfolio-page.tsx';

export const meta: MetaFunction = () => pageMeta('My Portfolio | Partsmith');

export default PortfolioPage;
