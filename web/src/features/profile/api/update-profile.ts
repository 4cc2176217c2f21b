import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type ProfileBody } from '@partsmith/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from './get-profile.ts';

/** What the form sends: the contract's output (trimmed). */
export type ProfileValues = z.output<typeof ProfileBody>;

/** Spec section 7: success when acknowledged is true; any other answer reads as null. */
const UpdateAnswer = ModifiedAnswer.nullable().catch(null);

/** PUT /api/createProfile/:email; the server takes the name and e-mail from the account. */
export function updateProfile(email: string, body: ProfileValues) {
  return api(`/createProfile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body,
    schema: UpdateAnswer,
  });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileValues) => updateProfile(email, body),
    onSuccess: (answer) => {
      if (answer?.acknowledged) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(email) });
      }
    },
  });
}
