import { useEffect, useRef } from 'react';
import { href, Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { toast } from 'sonner';
import { PageLoading, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminCheck } from '../api/admin-check.ts';
import { useSession } from '../api/get-session.ts';
import { useSignOut } from '../api/sign-out.ts';

export const ADMIN_ONLY_MESSAGE = 'Only administrators can open that page.';

function CheckFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <p role="alert" className="text-lg font-semibold text-slate-900">
        We could not check {what}. Check your connection and try again.
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Signed-in pages. While the session loads: the page loading, the same markup
 * as the prerendered shell (docs/decisions/038). Signed out: to /login, remembering where the
 * visitor wanted to go (`state.from`).
 */
export function RequireUser() {
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  if (session.isError && session.data === undefined) {
    return <CheckFailed what="your sign-in" onRetry={() => void session.refetch()} />;
  }
  if (!session.data) {
    return (
      <Navigate to={href('/login')} replace state={{ from: location.pathname + location.search }} />
    );
  }
  return <Outlet />;
}

/**
 * Admin pages, inside a RequireUser area. As the spec has it (docs/spec.md, Route table): an
 * admin page the user may not open redirects to /login, and the failed admin check also signs
 * the user out.
 */
export function RequireAdmin() {
  const location = useLocation();
  const navigate = useNavigate();
  const admin = useAdminCheck();
  const context = useOutletContext();
  const from = location.pathname + location.search;
  const { mutate: signOut } = useSignOut({
    // Leave the admin page first, then forget the user (RequireUser would redirect too).
    onSignedOut: () =>
      navigate(href('/login'), { replace: true, state: { from }, flushSync: true }),
    onError: () => void navigate(href('/'), { replace: true }),
  });
  const refused =
    admin.data?.admin === false ||
    (admin.error instanceof ApiError && admin.error.status >= 400 && admin.error.status < 500);
  const started = useRef(false);

  useEffect(() => {
    if (!refused || started.current) return;
    started.current = true;
    toast.error(ADMIN_ONLY_MESSAGE);
    signOut();
  }, [refused, signOut]);

  // Pass the dashboard's outlet context through to the admin pages.
  if (admin.data?.admin === true) return <Outlet context={context} />;
  if (admin.isError && !refused) {
    return <CheckFailed what="your access" onRetry={() => void admin.refetch()} />;
  }
  return <Spinner label="Checking your access" className="py-24" />;
}
