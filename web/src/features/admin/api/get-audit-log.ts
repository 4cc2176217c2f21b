import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AuditList, type AuditAction, type AuditEntry } from '@partsmith/contract';
import { ADMIN_PAGE_SIZE, auditRootKey, fetchPage, type Page } from './paging.ts';

export const auditQueryKey = (action: AuditAction | undefined) =>
  [...auditRootKey, { action: action ?? 'all' }] as const;

/** GET /api/audit-log?action=&limit=&cursor=: one page of admin actions, newest first. */
export function getAuditPage(
  action: AuditAction | undefined,
  cursor?: string,
  signal?: AbortSignal,
): Promise<Page<AuditEntry>> {
  return fetchPage('/audit-log', AuditList, { action, limit: ADMIN_PAGE_SIZE, cursor }, signal);
}

export const auditQuery = (action: AuditAction | undefined) =>
  infiniteQueryOptions({
    queryKey: auditQueryKey(action),
    queryFn: ({ pageParam, signal }) => getAuditPage(action, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** While another filter loads, the previous entries stay on screen (marked busy). */
export function useAuditLog(action: AuditAction | undefined) {
  return useInfiniteQuery({ ...auditQuery(action), placeholderData: keepPreviousData });
}
