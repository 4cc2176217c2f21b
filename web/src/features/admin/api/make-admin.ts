import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type UserSummary } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';
import { auditRootKey, patchItem } from './paging.ts';

/** PUT /api/users/admin/:email: spec, success when modifiedCount is above 0; 403 is an error. */
export function makeAdmin(email: string) {
  return api(`/users/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
    schema: ModifiedAnswer,
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => makeAdmin(user.email),
    onSuccess: (answer, user) => {
      if (answer.modifiedCount > 0) {
        patchItem<UserSummary>(queryClient, usersQueryKey, user._id, (u) => ({
          ...u,
          role: 'admin',
        }));
      }
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    // Refused or unchanged: the list may be out of date (someone else changed the role).
    onError: () => void queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
