/**
 * The single-page app's routes (spec section 2). The server answers these paths with the app
 * and status 200; any other page path gets the app with status 404 (the app shows its 404 page).
 */
export const SPA_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/myPortfolio\/?$/,
  /^\/blogs\/?$/,
  /^\/contact\/?$/,
  /^\/info\/(delivery|payment|legal-notice|about-us|privacy-policy|jobs)\/?$/,
  /^\/login\/?$/,
  /^\/reset-password\/?$/,
  /^\/purchase\/[^/]+\/?$/,
  /^\/dashboard(\/(add-review|my-orders|my-profile|add-product|make-admin|manage-orders|manage-products|manage-reviews|audit-log|payment\/[^/]+))?\/?$/,
];

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTE_PATTERNS.some((re) => re.test(pathname));
}
