import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * GET /api/company: the signed-in customer's company (null: none), their role in it and its
 * terms. Shared by the checkout (PO number, pay by invoice) and the order page (approvals);
 * the company page asks for the same answer under the same key. Not a public root: signing out
 * forgets it.
 */
export const myCompanyKey = ['my-company'] as const;

export const myCompanyQuery = () =>
  queryOptions({
    queryKey: myCompanyKey,
    queryFn: ({ signal }) => api('/company', { schema: 'MyCompany', signal }),
    retry: false,
  });

export function useMyCompanyAnswer(enabled = true) {
  return useQuery({ ...myCompanyQuery(), enabled });
}
