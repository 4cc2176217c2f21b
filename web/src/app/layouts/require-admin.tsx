import { RequireAdmin } from '../../features/auth/components/guards.tsx';

/** The admin pages' guard, inside the dashboard (guards.tsx). */
export default RequireAdmin;
