import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import { MakeAdminPage } from '../../features/admin/components/make-admin-page.tsx';

export const meta: MetaFunction = () => pageMeta('Make Admin | Partsmith');

/**
 * /dashboard/make-admin: RequireAdmin's Outlet passes no dashboard context on, so the app hands
 * the page the signed-in e-mail (its row says '(you)').
 */
export function MakeAdminRoute() {
  return <MakeAdminPage currentEmail={useSession().data?.user.email} />;
}

export default MakeAdminRoute;
