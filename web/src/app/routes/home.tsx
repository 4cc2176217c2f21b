import type { MetaFunction } from 'react-router';
import { pageMeta, SHOP_TITLE } from '../meta.ts';
import { ContactBanner } from '../../features/contact/components/contact-banner.tsx';
import { HomePage } from '../../features/home/components/home-page.tsx';

export const meta: MetaFunction = () => pageMeta(SHOP_TITLE);

export function HomeRoute() {
  return <HomePage contact={<ContactBanner />} />;
}

export default HomeRoute;
