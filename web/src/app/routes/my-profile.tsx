import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { MyProfilePage } from '../../features/profiles/components/my-profile-page.tsx';

export const meta: MetaFunction = () => pageMeta('My Profile | Partsmith');

export default MyProfilePage;
