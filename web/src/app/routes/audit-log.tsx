import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import { AuditLogPage } from '../../features/admin/components/audit-log-page.tsx';

export const meta: MetaFunction = () => pageMeta('Audit Log | Partsmith');

export default AuditLogPage;
