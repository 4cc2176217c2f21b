import { useMutation } from '@tanstack/react-query';
import { TestCardAnswer, type TestCardBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/test-payments/confirm: the built-in test processor. It answers like Stripe's test
 * cards: 200 with the payment id, or 402 with Stripe's message ('Your card was declined.').
 */
export function confirmTestCard(body: TestCardBody) {
  return api('/test-payments/confirm', { method: 'POST', body, schema: TestCardAnswer });
}

export function useConfirmTestCard() {
  return useMutation({ mutationFn: confirmTestCard });
}
