import type { RouteObject } from 'react-router';

/** The Component a route's `lazy` function loads (undefined for a route without one). */
export async function lazyComponent(route: RouteObject | undefined) {
  const lazy = route?.lazy;
  return typeof lazy === 'function' ? (await lazy()).Component : undefined;
}

/** The routes from the table's root down to the one whose path is `path` (empty when none is). */
export function routeChain(routes: RouteObject[], path: string): RouteObject[] {
  for (const route of routes) {
    if (route.path === path) return [route];
    const below = routeChain(route.children ?? [], path);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}
