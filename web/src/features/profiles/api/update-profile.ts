import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, profileToWire, type ProfileFields } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from './get-profile.ts';

/** What the form sends: the contract's output (trimmed). */
export type ProfileValues = ProfileFields;

/** Success when acknowledged is true; any other answer reads as null (a failure). */
const UpdateAnswer = ModifiedAnswer.nullable().catch(null);

/** PUT /api/createProfile/:email; the server takes the name and e-mail from the account. */
export function updateProfile(email: string, body: ProfileValues) {
  return api(`/createProfile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: profileToWire(body),
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
