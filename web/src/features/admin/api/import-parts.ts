import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError as ApiErrorBody,
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportAnswer,
  CatalogueImportProblem,
  type CsvProblem,
} from '@partsmith/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { partsRoot } from '../../../lib/query-keys.ts';
import { auditRootKey } from './paging.ts';

const MEGABYTES = CATALOGUE_CSV_MAX_BYTES / 1024 / 1024;

/** Our own words where the server's would not help. */
const MESSAGES: Record<number, string> = {
  0: 'Cannot reach the shop. Check your connection and try again.',
  413: `The file is too large: at most ${MEGABYTES} MB.`,
};

/**
 * POST /api/parts/import: the file's text as the body (text/csv), all its lines added or none.
 * The API client sends JSON only, so this call makes its own request; its failures are the same
 * ApiError, with the refused file's problems (CatalogueImportProblem) as the error's body.
 */
export async function importParts(csv: string): Promise<CatalogueImportAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/parts/import', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body: csv,
    });
  } catch {
    throw new ApiError(0, MESSAGES[0]!);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const answer = CatalogueImportAnswer.safeParse(json);
    if (answer.success) return answer.data;
    throw new ApiError(response.status, 'The shop sent an answer this page does not understand.');
  }
  const refused = CatalogueImportProblem.safeParse(json);
  if (refused.success) throw new ApiError(response.status, refused.data.message, refused.data);
  const error = ApiErrorBody.safeParse(json);
  const message =
    MESSAGES[response.status] ??
    (error.success && response.status < 500
      ? error.data.message
      : 'Something went wrong on our side. Please try again.');
  throw new ApiError(response.status, message, json);
}

/** The problems a refused import listed, by line (none for any other failure). */
export function importProblems(error: unknown): CsvProblem[] {
  if (!(error instanceof ApiError)) return [];
  const refused = CatalogueImportProblem.safeParse(error.body);
  return refused.success ? refused.data.errors : [];
}

export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => importParts(await file.text()),
    onSuccess: () => {
      // The admin's list and the home page's show the new parts; the audit log its entry.
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
