import { href, Link } from 'react-router';
import { TileIcon } from './tile-icon.tsx';

/** The statistics shown (docs/spec.md, Business constants and limits), each with its icon. */
export const STATS = [
  {
    value: '50+',
    label: 'Countries',
    // a globe
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-8.5 9h17M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  },
  {
    value: '300+',
    label: 'Complete Projects',
    // a clipboard with a tick
    icon: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 13.5l2.5 2.5 4.5-5',
  },
  {
    value: '99+',
    label: 'Happy Clients',
    // people
    icon: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5m2.5 9c0-2.6-1.3-4.6-3.5-5.5',
  },
] as const;

export function StatsBanner() {
  return (
    <section
      aria-labelledby="stats-heading"
      className="below-fold bg-slate-900 text-slate-100 [--fold-size:55rem] lg:[--fold-size:45rem]"
    >
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id="stats-heading"
            className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl"
          >
            TEAM. CUSTOMER. COMMUNITY
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Engineers, system builders and workshops around the world trust Partsmith parts in their
            machines.
          </p>
        </div>
        <ul className="mt-12 grid grid-cols-3 gap-3 sm:gap-6">
          {STATS.map((stat) => (
            <li
              key={stat.label}
              className="flex flex-col items-center gap-2 rounded-2xl border border-white/10 bg-white/5 px-2 py-6 text-center sm:gap-3 sm:px-6 sm:py-8"
            >
              <span className="hidden h-14 w-14 items-center justify-center rounded-full bg-orange-500/15 text-orange-400 sm:flex">
                <TileIcon d={stat.icon} />
              </span>
              <span className="text-3xl font-extrabold text-white sm:text-5xl">{stat.value}</span>
              <span className="text-sm font-medium text-slate-300 sm:text-lg">{stat.label}</span>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center justify-between gap-6 rounded-2xl bg-gradient-to-r from-orange-700 to-orange-800 px-6 py-8 text-center shadow-xl md:flex-row md:px-10 md:text-left">
          <div>
            <p className="text-2xl font-bold text-white">Have a build or a bulk order in mind?</p>
            <p className="mt-1 text-orange-50">
              Tell us what you need. Our sales engineers send a quote within one working day.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to={href('/dashboard/quotes/new')}
              className="btn border-0 bg-white text-orange-800 hover:bg-orange-50"
            >
              REQUEST For QUOTE
            </Link>
            <Link
              to={href('/contact')}
              className="btn btn-outline border-white text-white hover:bg-white hover:text-orange-800"
            >
              Contact Us
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
