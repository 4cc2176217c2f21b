import * as z from '@partsmith/contract/zod-subset';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myCompanyQueryKey } from './company.ts';
import { AnyAnswer, organizationCall } from './request.ts';

/** What GET /api/auth/organization/get-invitation answers (the fields the page shows). */
export const InvitationAnswer = z.looseObject({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  organizationName: z.string(),
  inviterEmail: z.string(),
});
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

/** The invitation of a mail's link; only its invited address, signed in and confirmed, may read it. */
export function useInvitation(invitationId: string) {
  return useQuery({
    queryKey: ['company-invitation', invitationId],
    queryFn: ({ signal }) =>
      organizationCall(`get-invitation?${new URLSearchParams({ id: invitationId })}`, {
        schema: InvitationAnswer,
        signal,
      }),
    retry: false,
  });
}

/** POST /api/auth/organization/accept-invitation or reject-invitation. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, accept }: { invitationId: string; accept: boolean }) =>
      organizationCall(accept ? 'accept-invitation' : 'reject-invitation', {
        method: 'POST',
        body: { invitationId },
        schema: AnyAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}
