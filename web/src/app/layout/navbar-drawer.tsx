import { useEffect, useRef, type ReactNode } from 'react';
import { href, NavLink } from 'react-router';
import { Icon, CROSS } from '../../components/ui/icon.tsx';
import { Avatar, type AvatarUser } from '../../features/auth/components/avatar.tsx';
import { Brand } from './brand.tsx';
import { DASHBOARD_LINK, DRAWER_LINKS, LOGIN_LINK } from './nav-links.ts';
import {
  BRAND_CLASS,
  SIGN_OUT_CLASS,
  drawerLinkClass,
  type SessionState,
} from './navbar-styles.ts';

export interface NavbarDrawerProps {
  id: string;
  session: SessionState;
  user: AvatarUser | undefined;
  /** The link to the cart, with its count (the one the top bar shows). */
  cart: ReactNode;
  /** The catalogue's search box (the one the top bar shows from 1280 px). */
  search: ReactNode;
  signingOut: boolean;
  onSignOut: () => void;
  /** Closes the drawer; `refocus` puts the focus back on the menu button. */
  onClose: (refocus: boolean) => void;
}

/**
 * The mobile drawer (docs/spec.md, Navigation): the parts' search box, Home, Parts, My Portfolio, Contact (never BLOGS), the
 * cart, Login or Dashboard, and the signed-in user with Sign Out. Loaded on demand with the
 * navbar's other parts (the home page's JavaScript budget). The focus goes to its first link when
 * it opens; Escape closes it.
 */
export function NavbarDrawer({
  id,
  session,
  user,
  cart,
  search,
  signingOut,
  onSignOut,
  onClose,
}: NavbarDrawerProps) {
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    firstLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-[60] lg:hidden">
      <button
        type="button"
        aria-label="Close menu"
        tabIndex={-1}
        className="absolute inset-0 h-full w-full cursor-default bg-black/50"
        onClick={() => onClose(false)}
      />
      <div
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute left-0 top-0 flex h-full w-72 max-w-[85%] flex-col gap-2 bg-slate-900 p-4 shadow-xl"
      >
        <div className="mb-4 flex items-center justify-between">
          <Brand className={BRAND_CLASS} />
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm text-white"
            aria-label="Close menu"
            onClick={() => onClose(true)}
          >
            <Icon>
              <path strokeLinecap="round" d={CROSS} />
            </Icon>
          </button>
        </div>
        {search}
        <ul className="flex flex-col gap-1">
          {DRAWER_LINKS.map((link, index) => (
            <li key={link.to}>
              <NavLink
                ref={index === 0 ? firstLink : undefined}
                to={link.to}
                end={link.to === href('/')}
                className={drawerLinkClass}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          {cart}
          {session === 'loading' && <li aria-hidden="true" className="h-10" />}
          {session === 'out' && (
            <li>
              <NavLink to={LOGIN_LINK.to} className={drawerLinkClass}>
                {LOGIN_LINK.label}
              </NavLink>
            </li>
          )}
          {session === 'in' && (
            <li>
              <NavLink to={DASHBOARD_LINK.to} className={drawerLinkClass}>
                {DASHBOARD_LINK.label}
              </NavLink>
            </li>
          )}
        </ul>
        {session === 'in' && user && (
          <div className="mt-auto flex flex-col gap-3 border-t border-white/15 pt-4">
            <div className="flex items-center gap-3">
              <Avatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-semibold text-white">{user.name}</p>
                <p className="truncate text-sm text-slate-300">{user.email}</p>
              </div>
            </div>
            <button
              type="button"
              className={`${SIGN_OUT_CLASS} btn-md w-full`}
              disabled={signingOut}
              onClick={onSignOut}
            >
              Sign Out
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
