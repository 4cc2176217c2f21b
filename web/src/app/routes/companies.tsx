import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  AdminCompaniesPage,
  COMPANIES_TITLE,
} from '../../features/companies/components/admin-companies-page.tsx';

export const meta: MetaFunction = () => pageMeta(COMPANIES_TITLE);

export default AdminCompaniesPage;
