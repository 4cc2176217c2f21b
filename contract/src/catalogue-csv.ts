import * as z from './zod-subset.ts';
import { ApiError } from './common.ts';

/**
 * The catalogue as a CSV file (issue 27): GET /api/parts/export.csv writes it, POST
 * /api/parts/import reads the same columns back (in any order). After these, one `attr.<key>`
 * column per attribute key any category declares, empty where a part's category has no such
 * attribute. Prices are dollars with 2 decimals. `priceBreaks` holds the part's volume prices in
 * one cell, `quantity@unit price` with `;` between breaks (`10@8.50;50@7.90`), empty for none.
 * Newer columns come after the older ones, which keep their places: a file without one of them
 * imports as before. `sku` (issue 46) is the part number, by which the import finds the part a
 * line updates (issue 48); `leadTimeDays`, `weightGrams` and `listed` (yes/no) are the rest of
 * what an admin edits, and `id` names the part the line was exported from.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'name',
  'description',
  'image',
  'price',
  'availableQuantity',
  'minOrderQuantity',
  'lowStockThreshold',
  'category',
  'priceBreaks',
  'sku',
  'leadTimeDays',
  'weightGrams',
  'listed',
  'id',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** `attr.capacity`: the column of the attribute `capacity`. */
export const ATTRIBUTE_COLUMN_PREFIX = 'attr.';

/** The largest file the import takes (about 100,000 parts). */
export const CATALOGUE_CSV_MAX_BYTES = 20 * 1024 * 1024;

/** An import's 422 lists at most this many problems. */
export const CATALOGUE_CSV_ERRORS_MAX = 100;

/** A problem of an imported file: its line (the header is line 1) and, when known, its column. */
export const CsvProblem = z.object({
  line: z.number().int().positive(),
  column: z.string().optional(),
  message: z.string(),
});
export type CsvProblem = z.infer<typeof CsvProblem>;

/**
 * `?dryRun=true` on POST /api/parts/import: the file is read and checked, and the answer says
 * what an import would do, without writing anything.
 */
export const CatalogueImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { message: 'Use true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type CatalogueImportQuery = z.input<typeof CatalogueImportQuery>;

/**
 * POST /api/parts/import (issue 48): what the file did, or (a dry run) would do. A line whose part
 * number no part has is `created`; one whose part number a part has `updated` that part, or left
 * it `unchanged` when the line says what the part already is. A dry run lists the file's problems
 * in `errors` (line, column, message; at most CATALOGUE_CSV_ERRORS_MAX); an import with problems
 * is refused (422), so a real import's `errors` is empty.
 */
export const CatalogueImportAnswer = z.object({
  acknowledged: z.literal(true),
  /** true: nothing was written (`?dryRun=true`). */
  dryRun: z.boolean(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** The parts added: `created` (the answer's older field; 0 on a dry run). */
  insertedCount: z.number().int().nonnegative(),
  errors: z.array(CsvProblem).max(CATALOGUE_CSV_ERRORS_MAX),
});
export type CatalogueImportAnswer = z.infer<typeof CatalogueImportAnswer>;

/** A refused import (422): nothing was written; `errors` names each wrong line, in file order. */
export const CatalogueImportProblem = ApiError.extend({
  errors: z.array(CsvProblem).max(CATALOGUE_CSV_ERRORS_MAX),
});
export type CatalogueImportProblem = z.infer<typeof CatalogueImportProblem>;
