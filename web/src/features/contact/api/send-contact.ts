import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';

export function sendContact(body: ContactBody) {
  return api('/contact', { method: 'POST', body, schema: 'ContactAnswer' });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
