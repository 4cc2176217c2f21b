import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminMessagesQueryKey } from './get-admin-messages.ts';
import { auditRootKey, removeItem } from './paging.ts';

/** DELETE /api/admin/messages/:id: removes a contact message for good (admins only). */
export function deleteMessage(id: string) {
  return api(`/admin/messages/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: 'DeleteAnswer',
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    // The card goes at once; the list is refetched right after.
    onSuccess: (_answer, id) => removeItem<ContactMessage>(queryClient, adminMessagesQueryKey, id),
    // Also after a failure (a 404 means someone else deleted it): show what is true now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
