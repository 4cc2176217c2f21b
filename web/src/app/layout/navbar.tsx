import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LOGIN_LINK, NAV_LINKS, type NavLinkItem } from './nav-links.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium transition-colors hover:bg-white/10 ${
    isActive ? 'text-orange-300' : 'text-slate-100'
  }`;

function Brand() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#1e293b" />
        <path
          d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z"
          fill="none"
          stroke="#f97316"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      Partsmith
    </Link>
  );
}

/**
 * Top bar (always visible) and the mobile drawer. The signed-in items (Sign Out, Dashboard and
 * the avatar menu) take Login's place once accounts exist.
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

  const desktopLinks: NavLinkItem[] = [...NAV_LINKS, LOGIN_LINK];
  const drawerLinks: NavLinkItem[] = [...NAV_LINKS.filter((l) => !l.desktopOnly), LOGIN_LINK];

  return (
    <header className="sticky top-0 z-50 bg-slate-900/95 text-slate-100 shadow backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4"
      >
        <Brand />
        <ul className="hidden items-center gap-1 lg:flex">
          {desktopLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          ref={menuButton}
          type="button"
          className="btn btn-ghost btn-square text-white lg:hidden"
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(true)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </nav>

      {open && (
        <div className="fixed inset-0 z-50 lg:hidden">
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
              <Brand />
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm text-white"
                aria-label="Close menu"
                onClick={() => {
                  setOpen(false);
                  menuButton.current?.focus();
                }}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>
            <ul className="flex flex-col gap-1">
              {drawerLinks.map((link, index) => (
                <li key={link.to}>
                  <NavLink
                    ref={index === 0 ? firstLink : undefined}
                    to={link.to}
                    end={link.to === '/'}
                    className={(state) => `block ${linkClass(state)}`}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </header>
  );
}
