/**
 * The shop's pages, each declared once: its path, who may open it, the module that draws it,
 * whether its first screen is prerendered at build time or rendered by the server for the
 * signed-in buyer, and the answers its app asks for before the first render. Read by the web's
 * router (through the build's `virtual:pages` module), the build's preload hints and prerender,
 * and the server's page answers (200 or 404), `Link` hints, page renderer and sitemap.
 */

/** Who may open a page: anybody, a signed-in customer (and an admin), an admin only. */
export type PageAccess = 'public' | 'user' | 'admin';

/**
 * An answer a page asks for while its code arrives (the server preloads the ones it can name
 * from the URL and the session): the catalogue's first page, the sign-in providers, the part of
 * `:partsId`, the catalogue's search as the URL's query asks it, whether the buyer is an admin
 * (the dashboard's menu), the buyer's orders, the signed-in buyer's cart.
 */
export type PagePreload =
  'parts' | 'auth-providers' | 'part' | 'search' | 'admin-check' | 'my-orders' | 'cart';

export interface Page {
  /** react-router's pattern: `:name` stands for one path segment. */
  path: string;
  access: PageAccess;
  /** Its module under web/src and the component it exports. */
  module: string;
  component: string;
  /** Drawn inside the dashboard's layout (its menu and notice). */
  dashboard?: true;
  /** In the app's first chunk instead of loaded on demand (the home page only). */
  inEntry?: true;
  /** The only values a `:param` takes; any other is a page that does not exist (404). */
  params?: Record<string, readonly string[]>;
  /** Its first screen is built into `dist/prerendered/<file>` (a page without a session). */
  prerendered?: string;
  /**
   * The server renders it, answers and all: `true` for the signed-in buyer only (a visitor gets
   * the shell), `'always'` for everybody alike (a page for search engines and shared links: the
   * same HTML whoever asks, kept until the catalogue changes).
   */
  serverRendered?: true | 'always';
  /**
   * What it shows depends on the URL's query string too (the search's filters): rendered by the
   * server only when there is none (one HTML for the bare path); with one, the shell goes out and
   * the app draws the page.
   */
  readsQuery?: true;
  preloads?: readonly PagePreload[];
  /** Listed in /sitemap.xml (every value of its params). */
  sitemap?: true;
}

/** The information pages behind /info/:topic (the home page's services and the footer). */
export const INFO_TOPICS = [
  'delivery',
  'payment',
  'legal-notice',
  'about-us',
  'privacy-policy',
  'jobs',
] as const;
export type InfoTopic = (typeof INFO_TOPICS)[number];

const DASHBOARD = ['admin-check'] as const;

export const PAGES = {
  home: {
    path: '/',
    access: 'public',
    module: 'app/routes/home.tsx',
    component: 'HomeRoute',
    inEntry: true,
    prerendered: 'home.html',
    preloads: ['parts'],
    sitemap: true,
  },
  portfolio: {
    path: '/myPortfolio',
    access: 'public',
    module: 'features/content/components/portfolio-page.tsx',
    component: 'PortfolioPage',
    prerendered: 'portfolio.html',
    sitemap: true,
  },
  blogs: {
    path: '/blogs',
    access: 'public',
    module: 'features/content/components/blogs-page.tsx',
    component: 'BlogsPage',
    prerendered: 'blogs.html',
    sitemap: true,
  },
  contact: {
    path: '/contact',
    access: 'public',
    module: 'features/contact/components/contact-page.tsx',
    component: 'ContactPage',
    prerendered: 'contact.html',
    sitemap: true,
  },
  info: {
    path: '/info/:topic',
    access: 'public',
    module: 'features/content/components/info-page.tsx',
    component: 'InfoPage',
    params: { topic: INFO_TOPICS },
    sitemap: true,
  },
  search: {
    path: '/parts',
    access: 'public',
    module: 'app/routes/catalogue.tsx',
    component: 'SearchRoute',
    serverRendered: 'always',
    readsQuery: true,
    preloads: ['search'],
    sitemap: true,
  },
  part: {
    path: '/parts/:partsId',
    access: 'public',
    module: 'app/routes/catalogue.tsx',
    component: 'PartRoute',
    serverRendered: 'always',
    preloads: ['part'],
    // Each part's page: the sitemap lists the catalogue's parts (server/src/modules/site).
    sitemap: true,
  },
  login: {
    path: '/login',
    access: 'public',
    module: 'features/auth/components/login-page.tsx',
    component: 'LoginPage',
    prerendered: 'login.html',
    preloads: ['auth-providers'],
  },
  resetPassword: {
    path: '/reset-password',
    access: 'public',
    module: 'features/auth/components/reset-password-page.tsx',
    component: 'ResetPasswordPage',
  },
  cart: {
    path: '/cart',
    access: 'public',
    module: 'app/routes/cart.tsx',
    component: 'CartRoute',
    // A visitor's cart is in the browser: only a signed-in buyer's page is rendered by the server.
    serverRendered: true,
    preloads: ['cart'],
  },
  purchase: {
    path: '/purchase/:partsId',
    access: 'user',
    module: 'app/routes/purchase.tsx',
    component: 'PurchaseRoute',
    serverRendered: true,
    preloads: ['part'],
  },
  dashboard: {
    path: '/dashboard',
    access: 'user',
    module: 'features/dashboard/components/dashboard-home.tsx',
    component: 'DashboardHome',
    dashboard: true,
    preloads: DASHBOARD,
  },
  myOrders: {
    path: '/dashboard/my-orders',
    access: 'user',
    module: 'app/routes/my-orders.tsx',
    component: 'MyOrdersRoute',
    dashboard: true,
    serverRendered: true,
    preloads: [...DASHBOARD, 'my-orders'],
  },
  payment: {
    path: '/dashboard/payment/:id',
    access: 'user',
    module: 'app/routes/payment.tsx',
    component: 'PaymentRoute',
    dashboard: true,
    preloads: DASHBOARD,
  },
  order: {
    path: '/dashboard/orders/:id',
    access: 'user',
    module: 'features/orders/components/order-page.tsx',
    component: 'OrderPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  quotes: {
    path: '/dashboard/quotes',
    access: 'user',
    module: 'app/routes/my-quotes.tsx',
    component: 'MyQuotesRoute',
    dashboard: true,
    preloads: DASHBOARD,
  },
  newQuote: {
    path: '/dashboard/quotes/new',
    access: 'user',
    module: 'app/routes/new-quote.tsx',
    component: 'NewQuoteRoute',
    dashboard: true,
    preloads: DASHBOARD,
  },
  manageQuotes: {
    path: '/dashboard/manage-quotes',
    access: 'admin',
    module: 'features/quotes/components/manage-quotes-page.tsx',
    component: 'ManageQuotesPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  addReview: {
    path: '/dashboard/add-review',
    access: 'user',
    module: 'features/reviews/components/add-review-page.tsx',
    component: 'AddReviewPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  myProfile: {
    path: '/dashboard/my-profile',
    access: 'user',
    module: 'features/profiles/components/my-profile-page.tsx',
    component: 'MyProfilePage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  overview: {
    path: '/dashboard/overview',
    access: 'admin',
    module: 'features/insights/components/overview-page.tsx',
    component: 'OverviewPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  addPart: {
    path: '/dashboard/add-product',
    access: 'admin',
    module: 'features/part-admin/components/add-part-page.tsx',
    component: 'AddPartPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  manageParts: {
    path: '/dashboard/manage-products',
    access: 'admin',
    module: 'features/admin/components/manage-parts-page.tsx',
    component: 'ManagePartsPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  categories: {
    path: '/dashboard/categories',
    access: 'admin',
    module: 'features/part-admin/components/categories-page.tsx',
    component: 'CategoriesPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  manageReviews: {
    path: '/dashboard/manage-reviews',
    access: 'admin',
    module: 'features/admin/components/manage-reviews-page.tsx',
    component: 'ManageReviewsPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  makeAdmin: {
    path: '/dashboard/make-admin',
    access: 'admin',
    module: 'app/routes/make-admin.tsx',
    component: 'MakeAdminRoute',
    dashboard: true,
    preloads: DASHBOARD,
  },
  manageOrders: {
    path: '/dashboard/manage-orders',
    access: 'admin',
    module: 'features/admin/components/manage-orders-page.tsx',
    component: 'ManageOrdersPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
  auditLog: {
    path: '/dashboard/audit-log',
    access: 'admin',
    module: 'features/admin/components/audit-log-page.tsx',
    component: 'AuditLogPage',
    dashboard: true,
    preloads: DASHBOARD,
  },
} as const satisfies Record<string, Page>;

export type PageId = keyof typeof PAGES;

/** Every page's path by its id (`PAGE_PATHS.myOrders` is '/dashboard/my-orders'). */
export type PagePaths = { readonly [K in PageId]: (typeof PAGES)[K]['path'] };

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

/** A page's pattern as a RegExp: a param is one segment, or one of its listed values. */
function patternOf(page: Page): RegExp {
  const source = page.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(ESCAPE, '\\$&');
      const values = page.params?.[part.slice(1)];
      return values ? `(${values.map((v) => v.replace(ESCAPE, '\\$&')).join('|')})` : '([^/]+)';
    })
    .join('/');
  // The home page is '/' alone; any other page may end with a slash.
  return new RegExp(source === '/' ? '^/$' : `^${source}/?$`);
}

/** Made on first use: a bundle that imports this module for its types or paths runs nothing. */
let matchers: { id: PageId; page: Page; pattern: RegExp; names: string[] }[] | undefined;

export interface PageMatch {
  id: PageId;
  page: Page;
  /** The params as they stand in the path (not decoded). */
  params: Record<string, string>;
}

/**
 * Whether the server renders `page` for a request of `url` (its path and query): a page that
 * reads the query is rendered, and kept, from its bare path only.
 */
export const renderedAt = (page: Page, url: string) => !(page.readsQuery && url.includes('?'));

/** The page at `pathname` (a trailing slash allowed), or null: the server answers 404. */
export function matchPage(pathname: string): PageMatch | null {
  matchers ??= (Object.entries(PAGES) as [PageId, Page][]).map(([id, page]) => ({
    id,
    page,
    pattern: patternOf(page),
    names: page.path
      .split('/')
      .filter((part) => part.startsWith(':'))
      .map((part) => part.slice(1)),
  }));
  for (const { id, page, pattern, names } of matchers) {
    const found = pattern.exec(pathname);
    if (found) {
      return {
        id,
        page,
        params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])),
      };
    }
  }
  return null;
}

/** The concrete paths of a page: its path, or one per value of its param. */
export function pagePaths(page: Page): string[] {
  const [name, values] = Object.entries(page.params ?? {})[0] ?? [];
  return name && values ? values.map((v) => page.path.replace(`:${name}`, v)) : [page.path];
}
