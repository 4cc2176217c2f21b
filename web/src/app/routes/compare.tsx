import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import {
  comparable,
  compareIdsOf,
  compareQuery,
} from '../../features/catalogue/api/compare-parts.ts';
import { COMPARE_TITLE, ComparePage } from '../../features/catalogue/components/compare-page.tsx';
import { answersFor, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';

export const meta: MetaFunction = () => pageMeta(COMPARE_TITLE);

/**
 * /parts/compare?ids=a,b: the comparison, rendered with the page. A part no longer in the
 * catalogue (or ids the server refuses) is the page's to explain, with a way on, not the 404
 * page: that answer is left out and the browser asks for it again.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PageAnswers> {
  const ids = compareIdsOf(new URL(request.url).searchParams);
  if (!comparable(ids)) return { answers: null };
  return answersFor(context, async (client) => {
    const query = compareQuery(ids);
    await client.prefetchQuery(query);
    if (client.getQueryState(query.queryKey)?.status === 'error')
      client.removeQueries({ queryKey: query.queryKey, exact: true });
  });
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

/** /parts/compare: parts side by side, attribute by attribute. */
export default ComparePage;
