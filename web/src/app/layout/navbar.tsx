import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { href, Link, NavLink, type NavLinkProps, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { Brand } from './brand.tsx';
import { PlainSearchBox, SEARCH_ICON } from './search-box.tsx';
import { DASHBOARD_LINK, LOGIN_LINK, NAV_LINKS, SIGNED_OUT_MESSAGE } from './nav-links.ts';
import {
  BRAND_CLASS,
  FOCUS,
  SIGN_OUT_CLASS,
  drawerLinkClass,
  linkClass,
  type SessionState,
} from './navbar-styles.ts';

/** Sonner loads on demand: the navbar is part of every first paint, its toasts are not. */
function notify(kind: 'success' | 'error', message: string) {
  void import('sonner').then(({ toast }) => toast[kind](message));
}

// The navbar's parts the first paint does without load on demand: the cart's count (and its API),
// the mobile drawer and the account menu's dropdown. Until the cart's link comes, a plain 'Cart'
// link; the cart link's import brings the drawer too.
const CartLink = lazyComponent(
  async () => (await import('../../features/cart/components/cart-link.tsx')).CartLink,
);
const NavbarDrawer = lazyComponent(async () => (await import('./navbar-drawer.tsx')).NavbarDrawer);
// The search box's suggestions (and downshift) come after the first paint; until then the same
// box searches without them.
const HeaderSearch = lazyComponent(async () => (await import('./header-search.tsx')).HeaderSearch);

const searchBox = (id: string, className?: string) => (
  <Suspense fallback={<PlainSearchBox id={id} className={className} />}>
    <HeaderSearch id={id} className={className} />
  </Suspense>
);

const cartLink = (className: NavLinkProps['className'], session: SessionState) => (
  <li>
    <Suspense
      fallback={
        <NavLink to={href('/cart')} className={className}>
          Cart
        </NavLink>
      }
    >
      <CartLink className={className} session={session} />
    </Suspense>
  </li>
);

/**
 * Top bar (always visible) and the mobile drawer (docs/spec.md, Navigation). Signed out: Login.
 * Signed in: Dashboard, Sign Out and the avatar menu. While the session loads neither shows, and
 * their place is kept so nothing jumps. The cart's link shows in both, for everyone.
 */
export function Navbar() {
  // The drawer is open for the page it was opened on: navigating anywhere closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const drawerId = useId();
  const searchId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpenOn(null);
    if (refocus) menuButton.current?.focus();
  }, []);

  const session = useSession();
  const user = session.data?.user;
  const status: SessionState = user ? 'in' : session.isPending ? 'loading' : 'out';
  const navigate = useNavigate();
  const signOut = useSignOut({
    // Leave the signed-in page before the session is forgotten, then say so.
    onSignedOut: async () => {
      await navigate(href('/'), { flushSync: true });
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
          <div className="flex min-w-0 items-center gap-4 justify-self-stretch">
            <Brand className={BRAND_CLASS} />
            {searchBox(searchId, 'hidden w-full max-w-xs xl:block')}
            <Link
              to={href('/parts')}
              aria-label="Search parts"
              className={`hidden h-10 w-10 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 lg:flex xl:hidden ${FOCUS}`}
            >
              {SEARCH_ICON}
            </Link>
          </div>
          <ul className="hidden items-center gap-1 lg:flex">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === href('/')} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="hidden h-11 items-center justify-end gap-2 justify-self-end lg:flex">
            {cartLink(linkClass, status)}
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
            onClick={() => setOpenOn(location.key)}
          >
            <Icon className="h-6 w-6">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </Icon>
          </button>
        </nav>
      </header>
      {/* Outside the header: its backdrop blur would make it the box of a fixed child. */}
      {open && (
        <Suspense fallback={null}>
          <NavbarDrawer
            id={drawerId}
            session={status}
            user={user}
            cart={cartLink(drawerLinkClass, status)}
            search={searchBox(`${searchId}-drawer`, 'mb-2')}
            signingOut={signOut.isPending}
            onSignOut={onSignOut}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
