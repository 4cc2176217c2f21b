import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';

export const meta: MetaFunction = () => pageMeta('Payment | Partsmith');

/** /dashboard/payment/:id: the dashboard layout hands over the signed-in user. */
export function PaymentRoute() {
  const { user } = useDashboard();
  return <PaymentPage user={user} />;
}

export default PaymentRoute;
