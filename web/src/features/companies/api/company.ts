import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CompanyRole, type SpendingLimitsBody } from '@partsmith/contract/companies';
import { api } from '../../../lib/api-client.ts';
import { myCompanyKey, useMyCompanyAnswer } from '../../../lib/my-company.ts';
import { AnyAnswer, organizationCall } from './request.ts';

/** The signed-in customer's company (lib/my-company.ts: one query for every page that reads it). */
export const myCompanyQueryKey = myCompanyKey;
export const useMyCompany = () => useMyCompanyAnswer();

/** A mutation that reloads the company once it succeeded (awaited: the page shows the result). */
function useCompanyMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}

export interface NewCompany {
  name: string;
  slug: string;
}

/** POST /api/auth/organization/create: a confirmed customer's new company; they are its owner. */
export const useCreateCompany = () =>
  useCompanyMutation((body: NewCompany) =>
    organizationCall('create', { method: 'POST', body, schema: AnyAnswer }),
  );

export type InvitedRole = Exclude<CompanyRole, 'owner'>;

export interface NewInvitation {
  email: string;
  role: InvitedRole;
  organizationId: string;
}

/** POST /api/auth/organization/invite-member: mails the address a link to join. */
export const useInviteMember = () =>
  useCompanyMutation((body: NewInvitation) =>
    organizationCall('invite-member', { method: 'POST', body, schema: AnyAnswer }),
  );

/** POST /api/auth/organization/cancel-invitation: the link stops working. */
export const useCancelInvitation = () =>
  useCompanyMutation((invitationId: string) =>
    organizationCall('cancel-invitation', {
      method: 'POST',
      body: { invitationId },
      schema: AnyAnswer,
    }),
  );

/** POST /api/auth/organization/remove-member. */
export const useRemoveMember = () =>
  useCompanyMutation((body: { memberIdOrEmail: string; organizationId: string }) =>
    organizationCall('remove-member', { method: 'POST', body, schema: AnyAnswer }),
  );

/** POST /api/auth/organization/update-member-role. */
export const useUpdateMemberRole = () =>
  useCompanyMutation((body: { memberId: string; role: InvitedRole; organizationId: string }) =>
    organizationCall('update-member-role', { method: 'POST', body, schema: AnyAnswer }),
  );

/** PUT /api/company/spending-limits (owner and admins): the company's limit and members' own. */
export const useSaveSpendingLimits = () =>
  useCompanyMutation((body: SpendingLimitsBody) =>
    api('/company/spending-limits', { method: 'PUT', body, schema: AnyAnswer }),
  );
