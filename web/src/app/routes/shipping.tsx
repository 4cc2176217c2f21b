import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ShippingPage } from '../../features/shipping/components/shipping-page.tsx';

export const meta: MetaFunction = () => pageMeta('Shipping & Tax | Partsmith');

export default ShippingPage;
