import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import { MyQuotesPage } from '../../features/quotes/components/my-quotes-page.tsx';

/** /dashboard/quotes: the dashboard layout hands over the signed-in user. */
export function MyQuotesRoute() {
  const { user } = useDashboard();
  return <MyQuotesPage user={user} />;
}
