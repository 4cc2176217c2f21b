import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  AdminCompanyPage,
  COMPANY_DETAIL_TITLE,
} from '../../features/companies/components/admin-company-page.tsx';

export const meta: MetaFunction = () => pageMeta(COMPANY_DETAIL_TITLE);

export default AdminCompanyPage;
