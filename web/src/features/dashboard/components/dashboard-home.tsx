import { useEffect } from 'react';
import { Link } from 'react-router';
import { useDashboard } from './dashboard-context.ts';
import { roleLabel } from './dashboard-layout.tsx';
import { dashboardMenu } from './dashboard-menu.tsx';
import { WaitingForCustomer, WaitingForStaff } from './waiting-for-you.tsx';

/**
 * /dashboard: greets the user, shows what waits for them (an admin: for the staff), and the menu
 * as cards.
 */
export function DashboardHome() {
  const { user, isAdmin } = useDashboard();

  useEffect(() => {
    document.title = 'Dashboard | Partsmith';
  }, []);

  return (
    <div>
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-8 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
          {isAdmin === undefined ? 'Your dashboard' : `${roleLabel(isAdmin)} dashboard`}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-white sm:text-4xl">
          Welcome, {user.name || user.email}!
        </h1>
        <p className="mt-2 max-w-2xl text-slate-200">
          {isAdmin
            ? 'Keep the catalogue, the users and every order in shape from here.'
            : 'Follow your orders, keep your profile current and tell us how our parts work for you.'}
        </p>
      </header>

      {isAdmin === true && <WaitingForStaff />}
      {isAdmin === false && <WaitingForCustomer />}

      <h2 className="mt-8 mb-4 text-xl font-bold text-slate-900">What would you like to do?</h2>
      {isAdmin === undefined ? (
        <div
          role="status"
          aria-label="Loading your menu"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {[0, 1, 2].map((index) => (
            <div key={index} className="skeleton-pulse h-40 w-full" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {dashboardMenu(isAdmin).map((item) => (
            <li
              key={item.to}
              className="group relative flex h-full flex-col gap-3 rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-orange-400 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-full bg-orange-100 text-orange-800">
                {item.icon}
              </span>
              <h3 className="text-lg font-bold text-slate-900">
                <Link
                  to={item.to}
                  className="after:absolute after:inset-0 after:rounded-box focus-visible:outline-none"
                >
                  {item.label}
                </Link>
              </h3>
              <p className="text-slate-700">{item.description}</p>
              <span aria-hidden="true" className="mt-auto text-sm font-semibold text-primary">
                Open →
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
