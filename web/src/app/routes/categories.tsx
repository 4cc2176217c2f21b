import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { CategoriesPage } from '../../features/part-admin/components/categories-page.tsx';

export const meta: MetaFunction = () => pageMeta('Categories | Partsmith');

export default CategoriesPage;
