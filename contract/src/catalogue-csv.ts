import * as z from './zod-subset.ts';
import { ApiError } from './common.ts';

/**
 * The catalogue as a CSV file (issue 27): GET /api/parts/export.csv writes it, POST
 * /api/parts/import reads the same columns back (in any order). After these, one `attr.<key>`
 * column per attribute key any category declares, empty where a part's category has no such
 * attribute. Prices are dollars with 2 decimals. `priceBreaks` holds the part's volume prices in
 * one cell, `quantity@unit price` with `;` between breaks (`10@8.50;50@7.90`), empty for none;
 * it comes after the older columns, which keep their places, and a file without it imports
 * parts without volume prices. `sku` (issue 46), last, is the part number: an empty cell, or a
 * number the shop made (PS-MEM-000012, which names a row of the shop it came from), gives the
 * new part a number of its own; a number another part has is a problem of its line.
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

/** POST /api/parts/import: every row was added, in one transaction. */
export const CatalogueImportAnswer = z.object({
  acknowledged: z.literal(true),
  insertedCount: z.number().int().nonnegative(),
});
export type CatalogueImportAnswer = z.infer<typeof CatalogueImportAnswer>;

/** A refused import (422): nothing was written; `errors` names each wrong line, in file order. */
export const CatalogueImportProblem = ApiError.extend({
  errors: z.array(CsvProblem).max(CATALOGUE_CSV_ERRORS_MAX),
});
export type CatalogueImportProblem = z.infer<typeof CatalogueImportProblem>;
