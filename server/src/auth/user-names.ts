import { APIError } from 'better-auth/api';
import { NAME_MAX_LENGTH, NameField } from '@partsmith/contract';
import { providedName } from '../lib/customer-text.ts';

/** Better Auth's endpoints where the customer types the name: a bad one is refused there. */
const TYPED_NAME_PATHS = new Set(['/sign-up/email', '/update-user']);

/** The contract's first complaint about a typed name, or the trimmed name when it is fine. */
export function checkTypedName(
  name: unknown,
): { ok: true; name: string } | { ok: false; message: string } {
  const checked = NameField.safeParse(name);
  return checked.success
    ? { ok: true, name: checked.data }
    : { ok: false, message: checked.error.issues[0]?.message ?? 'The name is not valid' };
}

/**
 * The account name as it may be stored, whichever way it comes in (sign-up, profile, a social
 * provider's profile, a server call): every user row Better Auth writes passes through here.
 * A name the customer typed must keep the contract's rules (400 with its message); a provider's
 * name cannot be refused (the customer cannot change it there), so it is cleaned instead.
 */
function storableName(name: unknown, email: unknown, path: string | undefined): string {
  if (path && TYPED_NAME_PATHS.has(path)) {
    const typed = checkTypedName(name);
    if (!typed.ok) throw new APIError('BAD_REQUEST', { message: typed.message });
    return typed.name;
  }
  return providedName(
    typeof name === 'string' ? name : '',
    typeof email === 'string' ? email : '',
    NAME_MAX_LENGTH,
  );
}

type HookContext = { path?: string } | null | undefined;

/** Better Auth's `databaseHooks.user`: the backstop every account name goes through. */
export const userNameHooks = {
  create: {
    async before(user: { name?: unknown; email?: unknown }, context: HookContext) {
      return { data: { name: storableName(user.name, user.email, context?.path) } };
    },
  },
  update: {
    async before(user: { name?: unknown; email?: unknown }, context: HookContext) {
      if (user.name === undefined) return;
      return { data: { name: storableName(user.name, user.email, context?.path) } };
    },
  },
};
