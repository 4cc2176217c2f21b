import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { AddressBookPage } from '../../features/addresses/components/address-book-page.tsx';

export const meta: MetaFunction = () => pageMeta('Addresses | Partsmith');

export default AddressBookPage;
