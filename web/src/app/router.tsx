import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: navigate(..., { flushSync: true }) needs it (used by Sign Out).
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '../components/ui/route-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { RequireAdmin, RequireUser } from '../features/auth/components/guards.tsx';
import { HomeRoute } from './routes/home.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * The guards are layout routes: signed-in pages go under RequireUser, admin pages under
 * RequireAdmin inside it, e.g. `{ Component: RequireAdmin, children: [{ path: 'add-product', ... }] }`
 * among the dashboard's children.
 */
export { RequireAdmin, RequireUser };

/** Every page but the home page is loaded on demand (spec section 2's route table). */
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while a lazily loaded page opened directly is still on its way.
    HydrateFallback: () => <Spinner label="Loading the page" className="min-h-screen" />,
    children: [
      { index: true, Component: HomeRoute, ErrorBoundary: RouteError },
      {
        path: 'myPortfolio',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/pages/components/portfolio-page.tsx'))
            .PortfolioPage,
        }),
      },
      {
        path: 'blogs',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/pages/components/blogs-page.tsx')).BlogsPage,
        }),
      },
      {
        path: 'contact',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/contact/components/contact-page.tsx')).ContactPage,
        }),
      },
      {
        path: 'info/:topic',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/pages/components/info-page.tsx')).InfoPage,
        }),
      },
      {
        path: 'login',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/components/login-page.tsx')).LoginPage,
        }),
      },
      {
        path: 'reset-password',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page.tsx'))
            .ResetPasswordPage,
        }),
      },
      {
        path: 'dashboard',
        Component: RequireUser,
        ErrorBoundary: RouteError,
        children: [
          {
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('./routes/dashboard.tsx')).DashboardRoute,
            }),
            children: [
              {
                index: true,
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dashboard/components/dashboard-home.tsx'))
                    .DashboardHome,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/pages/components/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
