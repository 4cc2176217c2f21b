import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { searchQuery } from '../../features/catalogue/api/search-parts.ts';
import { SearchPage, searchTitle } from '../../features/catalogue/components/search-page.tsx';
import { answersFor, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';

// A collection's title too (/parts?sort=newest: "New parts | Partsmith"), in the served HTML.
export const meta: MetaFunction = ({ location }) =>
  pageMeta(searchTitle(new URLSearchParams(location.search)));

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
