import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';

/** /dashboard/payment/:id: the dashboard layout hands over the signed-in user. */
export function PaymentRoute() {
  const { user } = useDashboard();
  return <PaymentPage user={user} />;
}
