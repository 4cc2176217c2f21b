import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { OrderPage, orderPageTitle } from '../../features/orders/components/order-page.tsx';

export const meta: MetaFunction = () => pageMeta(orderPageTitle(undefined));

export default OrderPage;
