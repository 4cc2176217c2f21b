import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import {
  MakeAdminPage,
  type UserColumn,
} from '../../features/admin/components/make-admin-page.tsx';
import { TaxExemptionButton } from '../../features/shipping/components/tax-exemption-dialog.tsx';

export const meta: MetaFunction = () => pageMeta('Make Admin | Partsmith');

/** Each user's tax exemption (issue 47), kept by the shipping feature. */
const TAX_EXEMPTION: UserColumn = {
  label: 'Tax exemption',
  cell: (user) => <TaxExemptionButton email={user.email} />,
};

/**
 * /dashboard/make-admin: RequireAdmin's Outlet passes no dashboard context on, so the app hands
 * the page the signed-in e-mail (its row says '(you)'), and the tax exemption's column.
 */
export function MakeAdminRoute() {
  return <MakeAdminPage currentEmail={useSession().data?.user.email} extraColumn={TAX_EXEMPTION} />;
}

export default MakeAdminRoute;
