import type { ReactNode } from 'react';

/**
 * A dashboard page with a dark header (an orange eyebrow, the page's h1 and a line on what the
 * page is for) above its content.
 */
export function DashboardPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-8 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <div className="relative">
          <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
            {eyebrow}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {title}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-200">{intro}</p>
        </div>
      </header>
      {children}
    </div>
  );
}
