import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

export const meta: MetaFunction = () => pageMeta('Reset password | Partsmith');

export default ResetPasswordPage;
