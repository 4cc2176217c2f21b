import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderMessageBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminMessagesRoot, adminWaitingRoot } from '../../../lib/query-keys.ts';

/**
 * POST /api/orders/:id/messages: the order's buyer writes to the shop about it (something
 * missing, damaged, the wrong part, a return, another question).
 */
export function sendOrderMessage({ id, body }: { id: string; body: OrderMessageBody }) {
  return api(`/orders/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body,
    schema: 'ContactAnswer',
  });
}

export function useSendOrderMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOrderMessage,
    // A buyer who is also an admin finds it in Messages, and counted, when next shown.
    onSuccess: () => {
      for (const root of [adminMessagesRoot, adminWaitingRoot])
        void queryClient.invalidateQueries({ queryKey: [root], refetchType: 'none' });
    },
  });
}
