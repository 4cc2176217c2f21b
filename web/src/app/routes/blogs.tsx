import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { BlogsPage } from '../../features/content/components/blogs-page.tsx';

export const meta: MetaFunction = () => pageMeta('Blogs | Partsmith');

export default BlogsPage;
