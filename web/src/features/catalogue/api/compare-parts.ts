import { COMPARE_PARTS_MAX, COMPARE_PARTS_MIN } from '@partsmith/contract/constants';
import type { PartComparison } from '@partsmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/**
 * The part ids of the compare page's `ids` param (`a,b`), each once, in their order. Not the
 * contract's compareIds: a value from the contract's index would load its schemas with the page.
 */
export function compareIdsOf(params: URLSearchParams): string[] {
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

/** Whether the server can compare these ids at all (2 to 4 of them). */
export const comparable = (ids: readonly string[]) =>
  ids.length >= COMPARE_PARTS_MIN && ids.length <= COMPARE_PARTS_MAX;

/**
 * GET /api/parts/compare: the parts side by side. Under the part root (with the cart's and the
 * admin's part queries), so that a change of a part refreshes its comparison too.
 */
export function compareParts(ids: readonly string[], signal?: AbortSignal) {
  return api(`/parts/compare?ids=${ids.map(encodeURIComponent).join(',')}`, {
    schema: 'PartComparison',
    signal,
  });
}

export const compareQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [partRoot, 'compare', ...ids],
    queryFn: ({ signal }) => compareParts(ids, signal),
  });

/**
 * The comparison of fewer of the same parts, made from the last one while the server's answer
 * comes (a part removed: the table does not flash its loading state). Rows no part keeps a value
 * in go; undefined unless every id was in the last answer.
 */
export function narrowed(
  previous: PartComparison | undefined,
  ids: readonly string[],
): PartComparison | undefined {
  if (!previous) return undefined;
  const columns = ids.map((id) => previous.parts.findIndex((part) => part._id === id));
  if (columns.some((column) => column < 0)) return undefined;
  return {
    parts: columns.map((column) => previous.parts[column]!),
    attributes: previous.attributes
      .map((row) => ({ ...row, values: columns.map((column) => row.values[column] ?? null) }))
      .filter((row) => row.values.some((value) => value !== null)),
  };
}

export function useCompareParts(ids: readonly string[]) {
  return useQuery({
    ...compareQuery(ids),
    enabled: comparable(ids),
    placeholderData: (previous) => narrowed(previous, ids),
  });
}

/** The ids a comparison's 404 names as no longer in the catalogue (its `missing`). */
export function missingOf(body: unknown): string[] {
  const missing = (body as { missing?: unknown } | null)?.missing;
  return Array.isArray(missing) ? missing.filter((id) => typeof id === 'string') : [];
}
