import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import { MyOrdersPage } from '../../features/orders/components/my-orders-page.tsx';

/** /dashboard/my-orders: the dashboard layout hands over the signed-in user. */
export function MyOrdersRoute() {
  const { user } = useDashboard();
  return <MyOrdersPage user={user} />;
}
