import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { searchQuery } from '../../features/catalogue/api/search-parts.ts';
import { SEARCH_TITLE, SearchPage } from '../../features/catalogue/components/search-page.tsx';
import { answersFor, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(SEARCH_TITLE);

/**
 * /parts: the catalogue's first page of parts, rendered with the page (a page for search engines
 * and shared links). A search with filters (a query string) is the browser's to ask.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PageAnswers> {
  const { search } = new URL(request.url);
  if (search) return { answers: null };
  return answersFor(context, (client) =>
    client.prefetchInfiniteQuery(searchQuery(new URLSearchParams())),
  );
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

/** /parts: the catalogue searched by text and specification. */
export default SearchPage;
