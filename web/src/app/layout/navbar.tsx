import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { Avatar } from '../../features/auth/components/avatar.tsx';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { Icon, CROSS } from '../../components/ui/icon.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { Brand } from './brand.tsx';
import {
  DASHBOARD_LINK,
  DRAWER_LINKS,
  LOGIN_LINK,
  NAV_LINKS,
  SIGNED_OUT_MESSAGE,
} from './nav-links.ts';

/** Sonner loads on demand: the navbar is part of every first paint, its toasts are not. */
function notify(kind: 'success' | 'error', message: string) {
  void import('sonner').then(({ toast }) => toast[kind](message));
}

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium transition-colors hover:bg-white/10 ${FOCUS} ${
    isActive ? 'text-orange-300' : 'text-slate-100'
  }`;

const drawerLinkClass = (state: { isActive: boolean }) => `block ${linkClass(state)}`;

const SIGN_OUT_CLASS = `btn btn-sm rounded-full border border-slate-400 bg-transparent px-4 font-semibold text-slate-100 shadow-none hover:border-orange-300 hover:bg-white/10 ${FOCUS}`;

const BRAND_CLASS = 'flex items-center gap-2 text-xl font-extrabold tracking-tight text-white';

/**
 * Top bar (always visible) and the mobile drawer (docs/spec.md, Navigation). Signed out: Login.
 * Signed in: Dashboard, Sign Out and the avatar menu. While the session loads neither shows, and
 * their place is kept so nothing jumps.
 */
export function Navbar() {
  // The drawer is open for the page it was opened on: navigating anywhere closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (value: boolean) => setOpenOn(value ? location.key : null);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);

  // Put focus inside the drawer when it opens.
  useEffect(() => {
    if (open) firstLink.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const session = useSession();
  const user = session.data?.user;
  const status = user ? 'in' : session.isPending ? 'loading' : 'out';
  const navigate = useNavigate();
  const signOut = useSignOut({
    // Leave the signed-in page before the session is forgotten, then say so.
    onSignedOut: async () => {
      await navigate('/', { flushSync: true });
      notify('success', SIGNED_OUT_MESSAGE);
    },
    onError: (error) =>
      notify(
        'error',
        error instanceof ApiError ? error.message : 'Could not sign out. Please try again.',
      ),
  });
  const onSignOut = () => {
    setOpenOn(null);
    signOut.mutate();
  };

  return (
    <>
      <header className="sticky top-0 z-50 bg-slate-900/95 text-slate-100 shadow backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto] items-center gap-4 px-4 lg:grid-cols-[1fr_auto_1fr]"
        >
          <div className="justify-self-start">
            <Brand className={BRAND_CLASS} />
          </div>
          <ul className="hidden items-center gap-1 lg:flex">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="hidden h-11 items-center justify-end gap-2 justify-self-end lg:flex">
            {status === 'loading' && <li aria-hidden="true" className="h-10 w-20" />}
            {status === 'out' && (
              <li>
                <NavLink to={LOGIN_LINK.to} className={linkClass}>
                  {LOGIN_LINK.label}
                </NavLink>
              </li>
            )}
            {status === 'in' && user && (
              <>
                <li>
                  <NavLink to={DASHBOARD_LINK.to} className={linkClass}>
                    {DASHBOARD_LINK.label}
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className={SIGN_OUT_CLASS}
                    disabled={signOut.isPending}
                    onClick={onSignOut}
                  >
                    Sign Out
                  </button>
                </li>
                <li className="ml-1">
                  <UserMenu user={user} onSignOut={onSignOut} signingOut={signOut.isPending} />
                </li>
              </>
            )}
          </ul>
          <button
            ref={menuButton}
            type="button"
            className={`btn btn-ghost btn-square justify-self-end text-white lg:hidden ${FOCUS}`}
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls={drawerId}
            onClick={() => setOpen(true)}
          >
            <Icon className="h-6 w-6">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </Icon>
          </button>
        </nav>
      </header>
      {/* Outside the header: its backdrop blur would make it the box of a fixed child. */}
      {open && (
        <div className="fixed inset-0 z-[60] lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 h-full w-full cursor-default bg-black/50"
            onClick={() => setOpen(false)}
          />
          <div
            id={drawerId}
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
                onClick={() => {
                  setOpen(false);
                  menuButton.current?.focus();
                }}
              >
                <Icon>
                  <path strokeLinecap="round" d={CROSS} />
                </Icon>
              </button>
            </div>
            <ul className="flex flex-col gap-1">
              {DRAWER_LINKS.map((link, index) => (
                <li key={link.to}>
                  <NavLink
                    ref={index === 0 ? firstLink : undefined}
                    to={link.to}
                    end={link.to === '/'}
                    className={drawerLinkClass}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {status === 'loading' && <li aria-hidden="true" className="h-10" />}
              {status === 'out' && (
                <li>
                  <NavLink to={LOGIN_LINK.to} className={drawerLinkClass}>
                    {LOGIN_LINK.label}
                  </NavLink>
                </li>
              )}
              {status === 'in' && (
                <li>
                  <NavLink to={DASHBOARD_LINK.to} className={drawerLinkClass}>
                    {DASHBOARD_LINK.label}
                  </NavLink>
                </li>
              )}
            </ul>
            {status === 'in' && user && (
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
                  disabled={signOut.isPending}
                  onClick={onSignOut}
                >
                  Sign Out
                </button>
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}
