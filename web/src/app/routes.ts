import { layout, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGES, type Page, type PageId } from '../../../contract/src/pages.ts';

/**
 * The shop's routes, made from the page table (contract/src/pages.ts), which declares each page's
 * path and who may open it once (docs/decisions/058). A page's module is routes/<id in
 * kebab-case>.tsx. Signed-in pages sit under the RequireUser layout, the dashboard's inside its
 * layout, admin pages under RequireAdmin there.
 */
const file = (id: string) => `routes/${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;

const entries = Object.entries(PAGES) as [PageId, Page][];
const pagesWhere = (test: (page: Page) => boolean) =>
  entries.filter(([, page]) => test(page)).map(([id, page]) => route(page.path, file(id), { id }));

export default [
  ...pagesWhere((page) => page.access === 'public'),
  layout('layouts/require-user.tsx', [
    ...pagesWhere((page) => page.access === 'user' && !page.dashboard),
    layout('layouts/dashboard.tsx', [
      ...pagesWhere((page) => page.access === 'user' && page.dashboard === true),
      layout(
        'layouts/require-admin.tsx',
        pagesWhere((page) => page.access === 'admin'),
      ),
    ]),
  ]),
  route('*', 'routes/not-found.tsx', { id: 'notFound' }),
] satisfies RouteConfig;
