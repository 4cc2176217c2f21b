import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContactMessage } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminMessagesQueryKey } from './get-admin-messages.ts';
import { patchItem } from './paging.ts';

export interface MessageHandled {
  id: string;
  handled: boolean;
}

/** PATCH /api/admin/messages/:id: marks a contact message handled, or new again. */
export function setMessageHandled({ id, handled }: MessageHandled) {
  return api(`/admin/messages/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { handled },
    schema: ContactMessage,
  });
}

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    // The server's answer is the message as it is now: the card shows it without a reload; a
    // list filtered by state is refetched, since the message may have left it.
    onSuccess: (message) => {
      patchItem<ContactMessage>(queryClient, adminMessagesQueryKey, message._id, () => message);
      void queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey }),
  });
}
