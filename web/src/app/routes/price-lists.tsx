import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  PRICE_LISTS_TITLE,
  PriceListsPage,
} from '../../features/price-lists/components/price-lists-page.tsx';

export const meta: MetaFunction = () => pageMeta(PRICE_LISTS_TITLE);

export default PriceListsPage;
