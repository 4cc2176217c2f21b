import { ContactBanner } from '../../features/contact/components/contact-banner.tsx';
import { HomePage } from '../../features/home/components/home-page.tsx';

export function HomeRoute() {
  return <HomePage contact={<ContactBanner />} />;
}
