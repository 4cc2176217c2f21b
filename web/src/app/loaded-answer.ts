import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query';

/**
 * An answer a page's server loader put in its data (answers.server.ts), by its query key: for the
 * route's `meta`, which runs where the page's queries cannot (its title from the part's name).
 */
export function loadedAnswer<T>(
  answers: DehydratedState | null | undefined,
  key: QueryKey,
): T | undefined {
  const hash = hashKey(key);
  return answers?.queries.find((query) => query.queryHash === hash)?.state.data as T | undefined;
}
