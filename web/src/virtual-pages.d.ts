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
  import type { PagePaths } from '@partsmith/contract/pages';

  const paths: PagePaths;
  export = paths;
}
