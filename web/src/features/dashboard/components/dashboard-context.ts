import { useOutletContext } from 'react-router';

export interface DashboardUser {
  name: string;
  email: string;
  image?: string | null;
}

/** What the dashboard layout hands to its pages. */
export interface DashboardContext {
  user: DashboardUser;
  /** Unknown (undefined) while the admin check loads, then true or false. */
  isAdmin: boolean | undefined;
}

export function useDashboard() {
  return useOutletContext<DashboardContext>();
}
