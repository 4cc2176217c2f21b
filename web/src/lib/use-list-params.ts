import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type * as z from '@partsmith/contract/zod-subset';

/**
 * A server-paged list's place in the history entry (not the URL): the cursors of the pages before
 * this one, oldest first ('' for the first page), so Previous knows where to go. `anchored`: the
 * trail starts at the first page (false when the list was opened at a shared `?cursor=`, whose
 * earlier pages nobody walked). `typing`: the entry was made by the search box while typing, so
 * the next keystroke replaces it instead of adding one per pause.
 */
interface ListHistory {
  trail?: string[];
  anchored?: boolean;
  typing?: boolean;
}

const historyOf = (state: unknown): ListHistory =>
  state && typeof state === 'object' ? (state as ListHistory) : {};

/** Keys every paged list has beside its own: the page's cursor and its size. */
const PAGING = ['cursor', 'limit'] as const;

/**
 * The values of `keys` in `search` that `schema` takes (a list query of the contract: an old or
 * hand-edited address with an unknown sort or a bad date loses that one param, not the page).
 */
function validParams(schema: z.ZodType, keys: readonly string[], search: URLSearchParams) {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (value) values[key] = value;
  }
  // Each pass drops the params the schema names in its issues; a param-less query always passes.
  for (let pass = 0; pass <= keys.length; pass += 1) {
    const checked = schema.safeParse(values);
    if (checked.success) break;
    const wrong = new Set(checked.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(values).length;
    for (const key of wrong) delete values[key];
    // An issue on no one param: nothing of the address can be trusted.
    if (Object.keys(values).length === before) return {};
  }
  return values;
}

export interface ListParamsOptions<F extends string, S extends string> {
  /** The contract's query schema of the list (AdminPartsQuery, ...). */
  schema: z.ZodType;
  /** The params that narrow the list (`q` first, if the list has a search), in the order sent. */
  filters: readonly F[];
  /**
   * The list's sorts; the first is the one the server uses when none is asked for (left out of
   * the address and the request).
   */
  sorts: readonly [S, ...S[]];
  /** Rows per page unless the address asks for another. */
  defaultLimit: number;
}

/**
 * A server-paged list's search, filters, sort and page, kept in the address (`?q=&status=&sort=
 * &cursor=`): Back and Forward step through them, a reload or a shared link opens the same view.
 * Changing a filter or the sort starts again at the first page. Pages are keyset pages: Next puts
 * the next page's cursor in the address and the trail of earlier ones in the history entry, which
 * Previous walks back (and which a reload keeps).
 */
export function useListParams<F extends string, S extends string>({
  schema,
  filters,
  sorts,
  defaultLimit,
}: ListParamsOptions<F, S>) {
  const defaultSort = sorts[0];
  const [search, setSearchParams] = useSearchParams();
  const history = historyOf(useLocation().state);
  const keys = useMemo(() => [...filters, 'sort', ...PAGING], [filters]);
  const valid = useMemo(() => validParams(schema, keys, search), [schema, keys, search]);

  const values = Object.fromEntries(filters.map((key) => [key, valid[key] ?? ''])) as Record<
    F,
    string
  >;
  const sort = (valid.sort ?? defaultSort) as S;
  const cursor = valid.cursor;
  const limit = valid.limit ? Number(valid.limit) : defaultLimit;
  const trail = cursor ? (history.trail ?? []) : [];
  const anchored = !cursor || (history.anchored ?? false);

  /** What the server is asked: the list's params (not the default sort), the cursor, the size. */
  const request: Record<string, string> = { limit: String(limit) };
  for (const key of filters) if (valid[key]) request[key] = valid[key];
  if (valid.sort && valid.sort !== defaultSort) request.sort = valid.sort;
  if (cursor) request.cursor = cursor;

  /**
   * A new address: `change` edits a copy of the current params, at the first page unless it
   * sets a cursor. The scroll stays (the page moves the focus where it belongs).
   */
  const go = (change: (params: URLSearchParams) => void, state: ListHistory, replace = false) => {
    const next = new URLSearchParams(search);
    next.delete('cursor');
    change(next);
    setSearchParams(next, { replace, state, preventScrollReset: true });
  };
  const put = (params: URLSearchParams, key: string, value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed) params.set(key, trimmed);
    else params.delete(key);
  };

  const filtered = filters.some((key) => values[key] !== '');

  return {
    /** Each filter's value, '' when it is not set. */
    values,
    sort,
    cursor,
    limit,
    request,
    /** Whether a search or a filter narrows the list (the sort does not). */
    filtered,
    /** The page's number (1 for the first), or null when the list was opened mid-way. */
    pageNumber: anchored ? trail.length + 1 : null,
    /** How many rows come before this page, or null when that is not known. */
    offset: anchored ? trail.length * limit : null,
    hasPrevious: trail.length > 0,
    /** Not on the first page (Previous may not know the way: 'First page' always does). */
    onFirstPage: !cursor,
    /** Sets filters (an empty value removes one): a new history entry, at the first page. */
    setFilters: (patch: Partial<Record<F, string>>) =>
      go((params) => {
        for (const [key, value] of Object.entries(patch)) put(params, key, value as string);
      }, {}),
    /**
     * The search box's text once typing pauses: the first pause adds a history entry, the
     * following ones replace it (Back undoes the search, not each word).
     */
    setSearch: (q: string) =>
      go((params) => put(params, 'q', q), { typing: true }, history.typing === true),
    setSort: (value: S) =>
      go((params) => put(params, 'sort', value === defaultSort ? '' : value), {}),
    /** Removes the search and every filter; the sort stays. */
    clearFilters: () =>
      go((params) => {
        for (const key of filters) params.delete(key);
      }, {}),
    next: (nextCursor: string) =>
      go((params) => params.set('cursor', nextCursor), {
        trail: [...trail, cursor ?? ''],
        anchored,
      }),
    previous: () => {
      const before = trail.at(-1);
      if (before === undefined) return;
      go((params) => put(params, 'cursor', before), { trail: trail.slice(0, -1), anchored });
    },
    first: () => go(() => {}, {}),
  };
}

export type ListParams<F extends string, S extends string> = ReturnType<typeof useListParams<F, S>>;
