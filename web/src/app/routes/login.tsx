import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

export const meta: MetaFunction = () => pageMeta('Login | Partsmith');

export default LoginPage;
