import { useAdminCheck } from '../../features/auth/api/admin-check.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import { Avatar } from '../../features/auth/components/avatar.tsx';
import { EmailNotConfirmedNotice } from '../../features/auth/components/email-not-confirmed-notice.tsx';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout.tsx';

/**
 * /dashboard: the accounts feature knows the user and their admin status, the dashboard feature
 * draws the layout; they meet here. Rendered inside RequireUser, so a session exists.
 */
export function DashboardRoute() {
  const session = useSession();
  const admin = useAdminCheck();
  const user = session.data?.user;
  if (!user) return null;
  // A failed admin check shows the customer menu; the server still refuses admin calls.
  const isAdmin = admin.data ? admin.data.admin : admin.isError ? false : undefined;
  return (
    <DashboardLayout
      user={user}
      isAdmin={isAdmin}
      avatar={<Avatar user={user} size="md" />}
      notice={<EmailNotConfirmedNotice user={user} className="mb-6" />}
    />
  );
}

export default DashboardRoute;
