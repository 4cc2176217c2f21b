import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  MANAGE_QUOTES_TITLE,
  ManageQuotesPage,
} from '../../features/quotes/components/manage-quotes-page.tsx';

export const meta: MetaFunction = () => pageMeta(MANAGE_QUOTES_TITLE);

export default ManageQuotesPage;
