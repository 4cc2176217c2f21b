import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';

export function subscribe(body: NewsletterBody) {
  return api('/newsletter', { method: 'POST', body, schema: 'NewsletterAnswer' });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
