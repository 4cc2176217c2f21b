import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { MessagesPage } from '../../features/admin/components/messages-page.tsx';

export const meta: MetaFunction = () => pageMeta('Messages | Partsmith');

export default MessagesPage;
