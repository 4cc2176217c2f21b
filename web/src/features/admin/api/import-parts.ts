import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportAnswer,
  CatalogueImportProblem,
  type CsvProblem,
} from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { partsRoot } from '../../../lib/query-keys.ts';
import { auditRootKey } from './paging.ts';

const MEGABYTES = CATALOGUE_CSV_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `The file is too large: at most ${MEGABYTES} MB.`;

/**
 * POST /api/parts/import: the file's text as the body (text/csv). A dry run (`dryRun`) writes
 * nothing and answers what the import would do, with the file's problems; an import adds and
 * updates the parts by their numbers, all of them or none. A refused file's problems
 * (CatalogueImportProblem) are the ApiError's body.
 */
export function importParts(
  csv: string,
  options: { dryRun?: boolean } = {},
): Promise<CatalogueImportAnswer> {
  const path = `/parts/import${options.dryRun ? '?dryRun=true' : ''}`;
  return api(path, { method: 'POST', csv, schema: CatalogueImportAnswer }).catch(
    (error: unknown) => {
      // The server's words for a file over the limit do not say how large one may be.
      throw error instanceof ApiError && error.status === 413
        ? new ApiError(413, TOO_LARGE, error.body)
        : error;
    },
  );
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
