import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { ContactPage } from '../../features/contact/components/contact-page.tsx';

export const meta: MetaFunction = () => pageMeta('Contact | Partsmith');

export default ContactPage;
