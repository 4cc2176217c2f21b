import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { adminCheckQuery } from '../../features/auth/api/admin-check.ts';
import { myOrdersQuery } from '../../features/orders/api/get-orders.ts';
import { MY_ORDERS_TITLE, MyOrdersPage } from '../../features/orders/components/my-orders-page.tsx';
import { forSignedInBuyer, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';

/** /dashboard/my-orders: the dashboard layout hands over the signed-in user. */
export function MyOrdersRoute() {
  const { user } = useDashboard();
  return <MyOrdersPage user={user} />;
}

export const meta: MetaFunction = () => pageMeta(MY_ORDERS_TITLE);

/** The signed-in buyer's orders (and whether they are an admin: the dashboard's menu). */
export function loader({ context }: LoaderFunctionArgs): Promise<PageAnswers> {
  return forSignedInBuyer(context, (client, email) =>
    Promise.all([
      client.prefetchQuery(myOrdersQuery(email)),
      client.prefetchQuery(adminCheckQuery(email)),
    ]),
  );
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

export default MyOrdersRoute;
