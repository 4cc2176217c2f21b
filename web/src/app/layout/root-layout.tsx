import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** The layout around every page; `children` stand for the page (the route's Outlet otherwise). */
export function RootLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded focus:bg-base-100 focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall below the 4rem navbar: the footer starts below the fold, so
          a page whose content arrives after the first paint does not push it down the screen
          (Lighthouse's layout-shift audit; the goal is CLS <= 0.05, docs/performance.md). */}
      <main id="main" className="min-h-[calc(100svh-4rem)] flex-1" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
