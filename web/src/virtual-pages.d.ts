// The types of the build's `virtual:pages` module (web/scripts/pages-plugin.ts).
declare module 'virtual:pages' {
  import type { ComponentType } from 'react';
  import type { PagePreload } from '@partsmith/contract/pages';

  type Loaded = () => Promise<{ Component: ComponentType }>;

  /** One page of the table, as the router needs it: a component, or the import that loads it. */
  export interface PageRoute {
    path: string;
    preloads?: readonly PagePreload[];
    Component?: ComponentType;
    lazy?: Loaded;
  }

  /**
   * The pages by where they sit: anybody's, a signed-in customer's outside and inside the
   * dashboard's layout, an admin's (inside it).
   */
  export const pages: Record<'public' | 'user' | 'dashboard' | 'admin', readonly PageRoute[]>;
  export const requireUser: Loaded;
  export const requireAdmin: Loaded;
  export const dashboardLayout: Loaded;
  export const notFound: Loaded;
}

/** Every page's path by its id: `import * as paths`, then `paths.myOrders`. */
declare module 'virtual:page-paths' {
  import type { PAGES } from '@partsmith/contract/pages';

  export const home: (typeof PAGES)['home']['path'];
  export const portfolio: (typeof PAGES)['portfolio']['path'];
  export const blogs: (typeof PAGES)['blogs']['path'];
  export const contact: (typeof PAGES)['contact']['path'];
  export const info: (typeof PAGES)['info']['path'];
  export const login: (typeof PAGES)['login']['path'];
  export const resetPassword: (typeof PAGES)['resetPassword']['path'];
  export const purchase: (typeof PAGES)['purchase']['path'];
  export const dashboard: (typeof PAGES)['dashboard']['path'];
  export const myOrders: (typeof PAGES)['myOrders']['path'];
  export const payment: (typeof PAGES)['payment']['path'];
  export const addReview: (typeof PAGES)['addReview']['path'];
  export const myProfile: (typeof PAGES)['myProfile']['path'];
  export const addPart: (typeof PAGES)['addPart']['path'];
  export const manageParts: (typeof PAGES)['manageParts']['path'];
  export const manageReviews: (typeof PAGES)['manageReviews']['path'];
  export const makeAdmin: (typeof PAGES)['makeAdmin']['path'];
  export const manageOrders: (typeof PAGES)['manageOrders']['path'];
  export const auditLog: (typeof PAGES)['auditLog']['path'];
}
