import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { PART_HEADERS } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';

/** One page of a keyset-paged admin list (docs/decisions/004-keyset-pagination.md). */
export interface Page<T> {
  items: T[];
  /** X-Total-Count: how many items the whole list has. */
  total: number;
  /** X-Next-Cursor: the cursor of the next page, null on the last one. */
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

/**
 * Changes one item in a cached paged list in place: after an edit the server confirmed, the
 * page shows it at once without reloading every page the admin has opened.
 */
export function patchItem<T extends { _id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
  patch: (item: T) => T,
) {
  queryClient.setQueriesData<InfiniteData<Page<T>>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item._id === id ? patch(item) : item)),
          })),
        }
      : data,
  );
}

/**
 * Takes a deleted item out of a cached paged list (the list is refetched right after; this
 * keeps the card from lingering until the answer arrives).
 */
export function removeItem<T extends { _id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
) {
  queryClient.setQueriesData<InfiniteData<Page<T>>>({ queryKey }, (data) => {
    if (!data || !data.pages.some((page) => page.items.some((item) => item._id === id))) {
      return data;
    }
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item._id !== id),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
}

/** The audit log changes with every admin action; its pages are refetched when next shown. */
export const auditRootKey = [auditRoot] as const;
