import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta.ts';
import {
  InvitationPage,
  INVITATION_TITLE,
} from '../../features/companies/components/invitation-page.tsx';

export const meta: MetaFunction = () => pageMeta(INVITATION_TITLE);

export default InvitationPage;
