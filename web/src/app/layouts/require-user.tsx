import { href, redirect, type LoaderFunctionArgs } from 'react-router';
import { RequireUser } from '../../features/auth/components/guards.tsx';
import { sessionOf } from '../answers.server.ts';

/**
 * The signed-in pages' guard. On the server, a visitor is sent to sign in at once, with where
 * they were going (`?from=`, which the login page reads); in the browser, RequireUser does the
 * same when the session ends (guards.tsx).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if ((await sessionOf(context)) !== null) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`${href('/login')}?${new URLSearchParams({ from: pathname + search })}`);
}

/** In the browser, RequireUser guards. */
export const clientLoader = () => null;

export default RequireUser;
