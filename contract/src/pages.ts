/**
 * The shop's pages, each declared once: its path, who may open it, whether it is prerendered at
 * build time or rendered by the server with its answers. Read by the web's routes
 * (web/src/app/routes.ts: each page's module is routes/<id in kebab-case>.tsx there) and
 * prerender list (web/react-router.config.ts), and by the server's page cache and sitemap
 * (docs/decisions/058).
 */

/** Who may open a page: anybody, a signed-in customer (and an admin), an admin only. */
export type PageAccess = 'public' | 'user' | 'admin';

export interface Page {
  /** React Router's pattern: `:name` stands for one path segment. */
  path: string;
  access: PageAccess;
  /** Drawn inside the dashboard's layout (its menu and notice). */
  dashboard?: true;
  /** The only values a `:param` takes; any other is a page that does not exist (404). */
  params?: Record<string, readonly string[]>;
  /** Built into dist/client at build time (a public page without answers of its own). */
  prerendered?: true;
  /**
   * The server renders it with its answers: `true` for the signed-in buyer (a visitor gets the
   * page in its loading state), `'always'` for everybody alike (a page for search engines and
   * shared links: the same HTML whoever asks, kept until the catalogue changes).
   */
  serverRendered?: true | 'always';
  /**
   * What it shows depends on the URL's query string too (the search's filters): rendered with
   * its answers only when there is none (one HTML for the bare path).
   */
  readsQuery?: true;
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

export const PAGES = {
  home: {
    path: '/',
    access: 'public',
    prerendered: true,
    sitemap: true,
  },
  portfolio: {
    path: '/myPortfolio',
    access: 'public',
    prerendered: true,
    sitemap: true,
  },
  blogs: {
    path: '/blogs',
    access: 'public',
    prerendered: true,
    sitemap: true,
  },
  contact: {
    path: '/contact',
    access: 'public',
    prerendered: true,
    sitemap: true,
  },
  info: {
    path: '/info/:topic',
    access: 'public',
    prerendered: true,
    params: { topic: INFO_TOPICS },
    sitemap: true,
  },
  search: {
    path: '/parts',
    access: 'public',
    serverRendered: 'always',
    readsQuery: true,
    sitemap: true,
  },
  // Before `part`: matchPage takes the first page whose pattern fits, and /parts/:partsId would
  // take "compare" for a part's id.
  compare: {
    path: '/parts/compare',
    access: 'public',
  },
  part: {
    path: '/parts/:partsId',
    access: 'public',
    serverRendered: 'always',
    // Each part's page: the sitemap lists the catalogue's parts (server/src/modules/site).
    sitemap: true,
  },
  // The footer's "Site Map" for people (issue 48): the pages, the categories and the parts a
  // page at a time (`?page=`); /sitemap.xml stays the crawlers'.
  siteMap: {
    path: '/site-map',
    access: 'public',
    serverRendered: 'always',
    readsQuery: true,
    sitemap: true,
  },
  login: {
    path: '/login',
    access: 'public',
    prerendered: true,
  },
  resetPassword: {
    path: '/reset-password',
    access: 'public',
  },
  cart: {
    path: '/cart',
    access: 'public',
    // Only a signed-in buyer's page is rendered with its cart; a visitor's asks in the browser.
    serverRendered: true,
  },
  // Ordering by part number from a list (issue 49): a form, nothing of its own to render.
  quickOrder: {
    path: '/quick-order',
    access: 'public',
    prerendered: true,
  },
  purchase: {
    path: '/purchase/:partsId',
    access: 'user',
    serverRendered: true,
  },
  dashboard: {
    path: '/dashboard',
    access: 'user',
    dashboard: true,
  },
  myOrders: {
    path: '/dashboard/my-orders',
    access: 'user',
    dashboard: true,
    serverRendered: true,
  },
  payment: {
    path: '/dashboard/payment/:id',
    access: 'user',
    dashboard: true,
  },
  order: {
    path: '/dashboard/orders/:id',
    access: 'user',
    dashboard: true,
  },
  quotes: {
    path: '/dashboard/quotes',
    access: 'user',
    dashboard: true,
  },
  newQuote: {
    path: '/dashboard/quotes/new',
    access: 'user',
    dashboard: true,
  },
  manageQuotes: {
    path: '/dashboard/manage-quotes',
    access: 'admin',
    dashboard: true,
  },
  addReview: {
    path: '/dashboard/add-review',
    access: 'user',
    dashboard: true,
  },
  myProfile: {
    path: '/dashboard/my-profile',
    access: 'user',
    dashboard: true,
  },
  addresses: {
    path: '/dashboard/addresses',
    access: 'user',
    dashboard: true,
  },
  // Business buyers (issue 49): a customer's company, and the page an invitation mail links to
  // (server/src/modules/companies/organization.ts, invitationPath), outside the dashboard.
  company: {
    path: '/dashboard/company',
    access: 'user',
    dashboard: true,
  },
  companyInvitation: {
    path: '/company/invitations/:invitationId',
    access: 'user',
  },
  shipping: {
    path: '/dashboard/shipping',
    access: 'admin',
    dashboard: true,
  },
  overview: {
    path: '/dashboard/overview',
    access: 'admin',
    dashboard: true,
  },
  addPart: {
    path: '/dashboard/add-product',
    access: 'admin',
    dashboard: true,
  },
  manageParts: {
    path: '/dashboard/manage-products',
    access: 'admin',
    dashboard: true,
  },
  categories: {
    path: '/dashboard/categories',
    access: 'admin',
    dashboard: true,
  },
  manageReviews: {
    path: '/dashboard/manage-reviews',
    access: 'admin',
    dashboard: true,
  },
  // The contact form's messages, kept whether or not the mail to the shop went out.
  messages: {
    path: '/dashboard/messages',
    access: 'admin',
    dashboard: true,
  },
  makeAdmin: {
    path: '/dashboard/make-admin',
    access: 'admin',
    dashboard: true,
  },
  manageOrders: {
    path: '/dashboard/manage-orders',
    access: 'admin',
    dashboard: true,
  },
  auditLog: {
    path: '/dashboard/audit-log',
    access: 'admin',
    dashboard: true,
  },
  companies: {
    path: '/dashboard/companies',
    access: 'admin',
    dashboard: true,
  },
  companyDetail: {
    path: '/dashboard/companies/:companyId',
    access: 'admin',
    dashboard: true,
  },
  // Price lists for business buyers (issue 49): a company buys on at most one.
  priceLists: {
    path: '/dashboard/price-lists',
    access: 'admin',
    dashboard: true,
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
