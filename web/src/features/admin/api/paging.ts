import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { PART_HEADERS } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';

/**
 * One page of a keyset-paged admin list (docs/decisions/004-keyset-pagination.md): the admins'
 * tables answer it as JSON (contract/admin-lists), the audit log in headers (X-Total-Count,
 * X-Next-Cursor).
 */
export interface Page<T> {
  items: T[];
  /** How many items the whole (filtered) list has. */
  total: number;
  /** The cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/** Admin lists default to 50 on the server (AdminListQuery); asking explicitly keeps pages known. */
export const ADMIN_PAGE_SIZE = 50;

export type PageParams = Record<string, string | number | undefined>;

/**
 * GET a paged list: `limit`, `cursor` and any filter go in the query string; the total and the
 * next cursor come back in headers (every paged list uses the catalogue's header names).
 */
export async function fetchPage<T>(
  path: string,
  schema: z.ZodType<T[]>,
  params: PageParams,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  const { data, headers } = await apiRequest(`${path}${qs ? `?${qs}` : ''}`, { schema, signal });
  const total = Number(headers.get(PART_HEADERS.total));
  return {
    items: data,
    total: Number.isFinite(total) && headers.has(PART_HEADERS.total) ? total : data.length,
    nextCursor: headers.get(PART_HEADERS.nextCursor) || null,
  };
}

/** Every item of the loaded pages, and the newest total the server gave. */
export function flattenPages<T>(data: InfiniteData<Page<T>> | undefined) {
  const pages = data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const last = pages.at(-1);
  return { items, total: Math.max(last?.total ?? 0, items.length) };
}

/** A cached list: TanStack Query's pages of a 'Load more' list, or one server page of a table. */
type Cached<T> = InfiniteData<Page<T>> | Page<T>;

const isPage = <T>(data: Cached<T> | undefined): data is Page<T> =>
  !!data && Array.isArray((data as Page<T>).items);
const isInfinite = <T>(data: Cached<T> | undefined): data is InfiniteData<Page<T>> =>
  !!data && Array.isArray((data as InfiniteData<Page<T>>).pages);

/** Applies `change` to each page of a cached list of either kind; other data stays as it is. */
function eachPage<T>(data: Cached<T> | undefined, change: (page: Page<T>) => Page<T>) {
  if (isInfinite(data)) return { ...data, pages: data.pages.map(change) };
  if (isPage(data)) return change(data);
  return data;
}

/**
 * Changes one item in the cached lists under `queryKey` in place: after an edit the server
 * confirmed, every page showing it (whatever its filters) shows it at once, without a reload.
 */
export function patchItem<T extends { _id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
  patch: (item: T) => T,
) {
  queryClient.setQueriesData<Cached<T>>({ queryKey }, (data) =>
    eachPage(data, (page) =>
      page.items.some((item) => item._id === id)
        ? { ...page, items: page.items.map((item) => (item._id === id ? patch(item) : item)) }
        : page,
    ),
  );
}

/**
 * Takes a deleted item out of the cached lists under `queryKey` (they are refetched right after;
 * this keeps the row from lingering until the answer arrives), one fewer in their totals.
 */
export function removeItem<T extends { _id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
) {
  queryClient.setQueriesData<Cached<T>>({ queryKey }, (data) => {
    const pages: Page<T>[] = isInfinite(data) ? data.pages : isPage(data) ? [data] : [];
    if (!pages.some((page) => page.items.some((item) => item._id === id))) return data;
    return eachPage(data, (page) => ({
      ...page,
      items: page.items.filter((item) => item._id !== id),
      total: Math.max(0, page.total - 1),
    }));
  });
}

/** The audit log changes with every admin action; its pages are refetched when next shown. */
export const auditRootKey = [auditRoot] as const;
