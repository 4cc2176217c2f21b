import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { CompanyPage, COMPANY_TITLE } from '../../features/companies/components/company-page.tsx';

export const meta: MetaFunction = () => pageMeta(COMPANY_TITLE);

export default CompanyPage;
