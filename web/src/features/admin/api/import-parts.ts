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
 * POST /api/parts/import: the file's text as the body (text/csv). A dry run (`dryRun`) writes
 * nothing and answers what the import would do, with the file's problems; an import adds and
 * updates the parts by their numbers, all of them or none. The API client sends JSON only, so
 * this call makes its own request; its failures are the same ApiError, with a refused file's
 * problems (CatalogueImportProblem) as the error's body.
 */
export async function importParts(
  csv: string,
  options: { dryRun?: boolean } = {},
): Promise<CatalogueImportAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/parts/import${options.dryRun ? '?dryRun=true' : ''}`, {
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

/** A file chosen for the import, read once: the preview and the import send the same text. */
export interface ImportFile {
  name: string;
  text: string;
}

/** The dry run of a file: what importing it would do, and its problems. Writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: ImportFile) => importParts(file.text, { dryRun: true }),
  });
}

export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) => importParts(file.text),
    onSuccess: () => {
      // The admin's list and the home page's show the new and changed parts; the audit log its
      // entries.
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
