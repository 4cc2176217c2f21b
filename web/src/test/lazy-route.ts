import type { RouteObject } from 'react-router';

/** The Component a route's `lazy` function loads (undefined for a route without one). */
export async function lazyComponent(route: RouteObject | undefined) {
  const lazy = route?.lazy;
  return typeof lazy === 'function' ? (await lazy()).Component : undefined;
}
