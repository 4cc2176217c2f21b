import type { ReactNode, Ref } from 'react';

/**
 * A page's dark header: an orange eyebrow, the page heading, an optional line on what the page is
 * for and the page's actions. The heading takes focus (programmatically only) when the element
 * that had focus disappears, e.g. after a delete. `className` places the header on its page.
 */
export function PageHeader({
  eyebrow,
  title,
  intro,
  headingRef,
  className,
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header
      className={`relative overflow-hidden rounded-box bg-slate-900 px-5 py-6 text-slate-100 sm:px-7${className ? ` ${className}` : ''}`}
    >
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
          {intro && <p className="mt-2 max-w-2xl text-slate-200">{intro}</p>}
        </div>
        {children}
      </div>
    </header>
  );
}
