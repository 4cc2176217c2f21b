import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  QUICK_ORDER_TITLE,
  QuickOrderPage,
} from '../../features/quick-order/components/quick-order-page.tsx';

export const meta: MetaFunction = () => pageMeta(QUICK_ORDER_TITLE);

/**
 * /quick-order (anybody, prerendered): a list of part numbers into the cart (issue 49). The
 * quick-order feature puts the parts in the cart on the server; the top bar's cart link (the
 * cart feature's) counts them again, as it reads the same cart.
 */
export default QuickOrderPage;
