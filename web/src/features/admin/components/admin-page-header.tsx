import type { ReactNode, Ref } from 'react';

/**
 * An admin page's header: an orange eyebrow, the page heading and optional actions. The heading
 * takes focus (programmatically only) when the item that had focus disappears, e.g. after a delete.
 */
export function AdminPageHeader({
  eyebrow,
  title,
  headingRef,
  children,
}: {
  eyebrow: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <header className="relative mb-6 overflow-hidden rounded-box bg-slate-900 px-5 py-6 text-slate-100 sm:px-7">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 h-52 w-52 rounded-full bg-orange-500/25 blur-3xl"
      />
      <div className="relative flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
            {eyebrow}
          </p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-2xl font-extrabold tracking-tight break-words text-white focus:outline-none sm:text-3xl"
          >
            {title}
          </h1>
        </div>
        {children}
      </div>
    </header>
  );
}
