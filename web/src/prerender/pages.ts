import { PAGES } from '@partsmith/contract/pages';

/**
 * The pages prerendered with a first screen of their own (file name in dist/prerendered): the
 * ones a visitor sees without a session or data. The browser's first render of each is the
 * page itself (the app loads its chunk first, docs/decisions/038), lists and lazy forms in
 * their loading state. The 404 page has its own too; every other page (the signed-in pages, whose
 * first render waits for the session) gets the shell. Such a page is painted before its script
 * is asked for (docs/decisions/038): the build sends no script preloads with it.
 */
export const PRERENDERED_PAGES: Record<string, string> = Object.fromEntries(
  Object.values(PAGES).flatMap((page) =>
    'prerendered' in page ? [[page.path, page.prerendered]] : [],
  ),
);

/**
 * The title each prerendered page sets once the app runs (its `document.title` or `<title>`),
 * written into its HTML so that the tab, a crawler and a screen reader have it from the start.
 * `src/prerender/prerender.test.tsx` checks each against what the page itself sets.
 */
export const PRERENDERED_TITLES: Record<string, string> = {
  [PAGES.home.path]: 'Partsmith | PC parts and tools from the manufacturer',
  [PAGES.login.path]: 'Login | Partsmith',
  [PAGES.contact.path]: 'Contact | Partsmith',
  [PAGES.blogs.path]: 'Blogs | Partsmith',
  [PAGES.portfolio.path]: 'My Portfolio | Partsmith',
  '/_not-found': 'Page not found | Partsmith',
};

/** Any path no route matches: the 404 page's own first screen (the server answers 404 with it). */
export const NOT_FOUND_PATH = '/_not-found';
