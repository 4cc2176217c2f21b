import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCompany,
  AdminCompanyList,
  InvoicePaymentAnswer,
  type AdminCompanyUpdate,
  type InvoicePaymentBody,
} from '@partsmith/contract/companies';
import { PriceListList } from '@partsmith/contract/price-lists';
import { api } from '../../../lib/api-client.ts';
import { AnyAnswer } from './request.ts';

export const adminCompaniesQueryKey = ['admin-companies'] as const;

/** GET /api/admin/companies: every company with its terms and balance. */
export function useAdminCompanies() {
  return useQuery({
    queryKey: adminCompaniesQueryKey,
    queryFn: ({ signal }) => api('/admin/companies', { schema: AdminCompanyList, signal }),
  });
}

/** GET /api/admin/companies/:id: one company with its members and latest orders. */
export function useAdminCompany(id: string) {
  return useQuery({
    queryKey: [...adminCompaniesQueryKey, id],
    queryFn: ({ signal }) =>
      api(`/admin/companies/${encodeURIComponent(id)}`, { schema: AdminCompany, signal }),
  });
}

/** PUT /api/admin/companies/:id: the fields given; the others keep their values. */
export function useUpdateAdminCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCompanyUpdate) =>
      api(`/admin/companies/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: AnyAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesQueryKey }),
  });
}

/** GET /api/admin/price-lists: the lists a company may buy on (the price lists page's key). */
export function useAdminPriceLists() {
  return useQuery({
    queryKey: ['admin-price-lists'],
    queryFn: ({ signal }) => api('/admin/price-lists', { schema: PriceListList, signal }),
  });
}

/** POST /api/admin/invoices/:number/payments: money received against an invoice on terms. */
export function useRecordInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceNumber, ...body }: InvoicePaymentBody & { invoiceNumber: string }) =>
      api(`/admin/invoices/${encodeURIComponent(invoiceNumber)}/payments`, {
        method: 'POST',
        body,
        schema: InvoicePaymentAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesQueryKey }),
  });
}
