import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InsertedAnswer, type AddPartBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

/** What the form sends: the contract's output (numbers by then). */
export type NewPart = z.output<typeof AddPartBody>;

/** The home page's parts listing (and every admin list of parts) sits under this key. */
export const partsQueryKey = [partsRoot] as const;

/** A falsy answer is a failure; anything but an inserted id reads as null. */
const AddPartAnswer = InsertedAnswer.nullable().catch(null);

/** POST /api/addParts (administrators): the answer, or null when nothing was stored. */
export function addPart(body: NewPart) {
  return api('/addParts', { method: 'POST', body, schema: AddPartAnswer });
}

/** Adds a part; a stored one marks every cached parts list out of date so it shows at once. */
export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPart,
    onSuccess: (answer) => {
      if (answer) void queryClient.invalidateQueries({ queryKey: partsQueryKey });
    },
  });
}
