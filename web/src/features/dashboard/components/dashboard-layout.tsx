import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { href, NavLink, Outlet, useLocation } from 'react-router';
import { CROSS, Icon } from '../../../components/ui/icon.tsx';
import type { DashboardContext, DashboardUser } from './dashboard-context.ts';
import { dashboardMenu } from './dashboard-menu.tsx';

export interface DashboardLayoutProps {
  user: DashboardUser;
  /** Unknown (undefined) while the admin check loads, then true or false. */
  isAdmin: boolean | undefined;
  /** The user's avatar; the app draws it (the accounts feature owns it). */
  avatar?: ReactNode;
  /** Shown above every dashboard page, e.g. that the e-mail address is not confirmed yet. */
  notice?: ReactNode;
}

export function roleLabel(isAdmin: boolean | undefined) {
  return isAdmin === undefined ? '' : isAdmin ? 'Administrator' : 'Customer';
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary ${
    isActive ? 'menu-active' : 'text-slate-800'
  }`;

function SideMenu({
  user,
  isAdmin,
  avatar,
  firstLink,
}: DashboardLayoutProps & { firstLink?: Ref<HTMLAnchorElement> }) {
  return (
    <nav
      aria-label="Dashboard"
      className="rounded-box bg-white p-3 shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="mb-2 flex items-center gap-3 border-b border-slate-200 px-2 pt-1 pb-4">
        {avatar}
        <div className="min-w-0">
          <p className="truncate font-bold text-slate-900">{user.name}</p>
          {isAdmin === undefined ? (
            <span aria-hidden="true" className="skeleton-pulse mt-1 block h-4 w-24" />
          ) : (
            <p className="text-sm text-slate-700">{roleLabel(isAdmin)}</p>
          )}
        </div>
      </div>
      <ul className="menu w-full gap-1 p-0">
        <li>
          <NavLink ref={firstLink} to={href('/dashboard')} end className={itemClass}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            >
              <path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" />
            </svg>
            Overview
          </NavLink>
        </li>
        {isAdmin === undefined
          ? [0, 1, 2].map((index) => (
              <li key={index} aria-hidden="true">
                <span className="skeleton-pulse h-10 w-full" />
              </li>
            ))
          : dashboardMenu(isAdmin).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={itemClass}>
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
      </ul>
      {isAdmin === undefined && (
        <p role="status" className="sr-only">
          Loading your menu
        </p>
      )}
    </nav>
  );
}

/**
 * /dashboard: the side menu (a drawer on small screens) and the nested page.
 * The menu waits for the admin check: customers and administrators see different items.
 */
export function DashboardLayout({ user, isAdmin, avatar, notice }: DashboardLayoutProps) {
  // The drawer is open for the page it was opened on: choosing a page closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const drawerId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggle.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpenOn(null);
    toggle.current?.focus();
  };
  const context: DashboardContext = { user, isAdmin };

  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 lg:py-10">
        <aside className="hidden w-64 shrink-0 lg:block">
          <div className="sticky top-24">
            <SideMenu user={user} isAdmin={isAdmin} avatar={avatar} />
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          <button
            ref={toggle}
            type="button"
            className="btn mb-5 border-slate-400 bg-white text-slate-900 shadow-sm lg:hidden"
            aria-expanded={open}
            aria-controls={drawerId}
            onClick={() => setOpenOn(location.key)}
          >
            <Icon>
              <path strokeLinecap="round" d="M4 6h16M4 12h10M4 18h16" />
            </Icon>
            Dashboard menu
          </button>
          {notice}
          <Outlet context={context} />
        </div>
      </div>

      {open && (
        <div className="fixed inset-0 z-[60] lg:hidden">
          <button
            type="button"
            aria-label="Close dashboard menu"
            tabIndex={-1}
            className="absolute inset-0 h-full w-full cursor-default bg-black/50"
            onClick={close}
          />
          <div
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-label="Dashboard menu"
            className="absolute top-0 left-0 flex h-full w-80 max-w-[88%] flex-col gap-3 overflow-y-auto bg-slate-100 p-3 shadow-xl"
          >
            <div className="flex items-center justify-between px-1">
              <p className="font-bold text-slate-900">Dashboard</p>
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm"
                aria-label="Close dashboard menu"
                onClick={close}
              >
                <Icon>
                  <path strokeLinecap="round" d={CROSS} />
                </Icon>
              </button>
            </div>
            <SideMenu user={user} isAdmin={isAdmin} avatar={avatar} firstLink={firstLink} />
          </div>
        </div>
      )}
    </div>
  );
}
