import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useDashboard } from '../../features/dashboard/components/dashboard-context.ts';
import { MY_QUOTES_TITLE, MyQuotesPage } from '../../features/quotes/components/my-quotes-page.tsx';
import { AddressPicker } from '../../features/addresses/components/address-picker.tsx';

export const meta: MetaFunction = () => pageMeta(MY_QUOTES_TITLE);

/**
 * /dashboard/quotes: the dashboard layout hands over the signed-in user; the address book picks
 * where an accepted quote ships.
 */
export function MyQuotesRoute() {
  const { user } = useDashboard();
  return <MyQuotesPage user={user} addressPicker={(props) => <AddressPicker {...props} />} />;
}

export default MyQuotesRoute;
