import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: navigate(..., { flushSync: true }) needs it (used by Sign Out).
import { RouterProvider } from 'react-router/dom';
import { routes } from './route-table.tsx';

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
