import type { RouteSpec } from './routes-common.ts';
import { ADMIN_ROUTES } from './routes-admin.ts';
import { ORDER_ROUTES } from './routes-orders.ts';
import { SHOP_ROUTES } from './routes-shop.ts';

export {
  CARD,
  ROLES,
  expected,
  signUpCast,
  type Cast,
  type Role,
  type RouteCall,
  type RouteSpec,
} from './routes-common.ts';
export { AUTH_ROUTES, type AuthRouteSpec } from './routes-auth.ts';

/** The tables joined; a route with a row in two of them is a mistake, not an override. */
function joined(...tables: Record<string, RouteSpec>[]): Record<string, RouteSpec> {
  const all: Record<string, RouteSpec> = {};
  for (const table of tables) {
    for (const [key, spec] of Object.entries(table)) {
      if (key in all) throw new Error(`${key} has a row in two tables`);
      all[key] = spec;
    }
  }
  return all;
}

/**
 * Every API route (method and pattern, as Fastify registered it) with what each caller must get.
 * A route missing here fails the access matrix, so a new route needs its row (in the table of
 * its area: routes-shop.ts, routes-orders.ts or routes-admin.ts).
 */
export const ROUTES: Record<string, RouteSpec> = joined(SHOP_ROUTES, ORDER_ROUTES, ADMIN_ROUTES);
