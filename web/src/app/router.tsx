import { createBrowserRouter, RouterProvider } from 'react-router';
import { RouteError } from '../components/ui/route-error.tsx';
import { HomeRoute } from './routes/home.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/** Every page but the home page is loaded on demand (spec section 2's route table). */
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
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
