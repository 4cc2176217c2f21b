import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPart } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/** The editor's copy of a part: under the part root, which every saved change invalidates. */
export const partForEditingKey = (id: string) => [partRoot, 'admin', id] as const;

/**
 * GET /api/parts/:id (admins): the part as its editor sees it, every field it can change
 * (whether it is listed, its weight, its category and attributes). Read afresh each time the
 * editor opens, so that it starts from what is stored, not from a list loaded a while ago.
 */
export const partForEditingQuery = (id: string) =>
  queryOptions({
    queryKey: partForEditingKey(id),
    queryFn: ({ signal }) => api(`/parts/${encodeURIComponent(id)}`, { schema: AdminPart, signal }),
    staleTime: 0,
  });

export function usePartForEditing(id: string) {
  return useQuery(partForEditingQuery(id));
}
