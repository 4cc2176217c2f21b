import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import { RouteError } from '../components/ui/route-error.tsx';
import { sessionQuery } from '../features/auth/api/get-session.ts';
import { partsInfiniteQuery } from '../features/home/api/get-parts.ts';
import { HomeRoute } from './routes/home.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * The guards are layout routes: signed-in pages go under RequireUser, admin pages under
 * RequireAdmin inside it, e.g. `{ lazy: requireAdmin, children: [{ path: 'add-product', ... }] }`
 * among the dashboard's children. They load on demand like the pages they guard.
 */
const requireUser = async () => ({
  Component: (await import('../features/auth/components/guards.tsx')).RequireUser,
});
const requireAdmin = async () => ({
  Component: (await import('../features/auth/components/guards.tsx')).RequireAdmin,
});

/**
 * A route's `handle.prefetch`: asks for the answers its page shows while the app starts, beside
 * the page's code instead of after its first render (docs/decisions/016). Called by app/start.tsx
 * for the routes matched when the app opens; the answers go into the query cache the page
 * reads. The API modules are imported on demand, so the entry does not carry them.
 */
export type RouteHandle = { prefetch?: (client: QueryClient, params: Params) => Promise<unknown> };

/**
 * Prefetches a page's query for the signed-in user (`queryFor(email)`, from a module loaded on
 * demand) once the session says who that is.
 */
function forSignedInUser<TData, TKey extends QueryKey>(
  load: () => Promise<(email: string) => FetchQueryOptions<TData, Error, TData, TKey>>,
): RouteHandle {
  return {
    prefetch: async (client) => {
      const [session, queryFor] = await Promise.all([client.fetchQuery(sessionQuery()), load()]);
      if (session) await client.prefetchQuery(queryFor(session.user.email));
    },
  };
}

const prefetchPart: RouteHandle = {
  prefetch: async (client, { partsId }) => {
    if (!partsId) return;
    const { partQuery } = await import('../features/purchase/api/get-part.ts');
    await client.prefetchQuery(partQuery(partsId));
  },
};

/** The home page's first page of parts (its list is in the app's own chunk). */
const prefetchParts: RouteHandle = {
  prefetch: (client) => client.prefetchInfiniteQuery(partsInfiniteQuery()),
};

/**
 * /login's social sign-in icons: which providers this shop has keys for. In the cache before the
 * first render, the answer does not land in the middle of the page's start and render it again.
 */
const prefetchAuthProviders: RouteHandle = {
  prefetch: async (client) => {
    const { authProvidersQuery } = await import('../features/auth/api/providers.ts');
    await client.prefetchQuery(authProvidersQuery());
  },
};

const prefetchAdminCheck = forSignedInUser(
  async () => (await import('../features/auth/api/admin-check.ts')).adminCheckQuery,
);

const prefetchMyOrders = forSignedInUser(
  async () => (await import('../features/orders/api/get-orders.ts')).myOrdersQuery,
);

/**
 * Every page but the home page is loaded on demand (spec section 2's route table), and so is
 * everything the home page does not show at first paint (docs/decisions/010). Each page loaded
 * on demand shows PageLoading inside the layout while it is on its way when opened directly:
 * the same markup as the prerendered shell (docs/decisions/015), so the navbar and footer
 * painted before any script stay where they are.
 */
export const routes: RouteObject[] = withPageLoading([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRoute, ErrorBoundary: RouteError, handle: prefetchParts },
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
        handle: prefetchAuthProviders,
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
        path: 'purchase/:partsId',
        lazy: requireUser,
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            ErrorBoundary: RouteError,
            handle: prefetchPart,
            lazy: async () => ({
              Component: (await import('./routes/purchase.tsx')).PurchaseRoute,
            }),
          },
        ],
      },
      {
        path: 'dashboard',
        lazy: requireUser,
        ErrorBoundary: RouteError,
        children: [
          {
            ErrorBoundary: RouteError,
            handle: prefetchAdminCheck,
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
              {
                path: 'my-orders',
                ErrorBoundary: RouteError,
                handle: prefetchMyOrders,
                lazy: async () => ({
                  Component: (await import('./routes/my-orders.tsx')).MyOrdersRoute,
                }),
              },
              {
                path: 'payment/:id',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('./routes/payment.tsx')).PaymentRoute,
                }),
              },
              {
                path: 'add-review',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/reviews/components/add-review-page.tsx'))
                    .AddReviewPage,
                }),
              },
              {
                path: 'my-profile',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/profile/components/my-profile-page.tsx'))
                    .MyProfilePage,
                }),
              },
              {
                // Admin pages (spec section 6). Other admin pages go in here too.
                lazy: requireAdmin,
                ErrorBoundary: RouteError,
                children: [
                  {
                    path: 'add-product',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (
                        await import('../features/catalog-admin/components/add-product-page.tsx')
                      ).AddProductPage,
                    }),
                  },
                  {
                    path: 'manage-products',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (
                        await import('../features/admin/components/manage-products-page.tsx')
                      ).ManageProductsPage,
                    }),
                  },
                  {
                    path: 'manage-reviews',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (
                        await import('../features/admin/components/manage-reviews-page.tsx')
                      ).ManageReviewsPage,
                    }),
                  },
                  {
                    path: 'make-admin',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (await import('./routes/make-admin.tsx')).MakeAdminRoute,
                    }),
                  },
                  {
                    path: 'manage-orders',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (
                        await import('../features/admin/components/manage-orders-page.tsx')
                      ).ManageOrdersPage,
                    }),
                  },
                  {
                    path: 'audit-log',
                    ErrorBoundary: RouteError,
                    lazy: async () => ({
                      Component: (await import('../features/admin/components/audit-log-page.tsx'))
                        .AuditLogPage,
                    }),
                  },
                ],
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
]);

/** The root's children loaded on demand get PageLoading as their HydrateFallback. */
function withPageLoading([root, ...rest]: RouteObject[]): RouteObject[] {
  if (!root) return rest;
  const children = root.children?.map((child) =>
    child.lazy ? { ...child, HydrateFallback: PageLoading } : child,
  );
  return [{ ...root, children } as RouteObject, ...rest];
}
