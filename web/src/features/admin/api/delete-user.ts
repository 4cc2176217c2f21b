import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';
import { auditRootKey, removeItem } from './paging.ts';

/** DELETE /api/user/:id: 409 ('This is the last administrator…') when no admin would be left. */
export function deleteUser(id: string) {
  return api(`/user/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      removeItem<UserSummary>(queryClient, usersQueryKey, id);
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
