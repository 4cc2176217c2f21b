import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { AddPartPage } from '../../features/part-admin/components/add-part-page.tsx';

export const meta: MetaFunction = () => pageMeta('Add Product | Partsmith');

export default AddPartPage;
