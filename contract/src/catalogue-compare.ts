import * as z from './zod-subset.ts';
import { CataloguePart } from './catalogue.ts';
import { ApiError, Id } from './common.ts';
import { COMPARE_PARTS_MAX, COMPARE_PARTS_MIN } from './constants.ts';

// Parts side by side (issue 46): GET /api/parts/compare and the compare page. Beside
// catalogue.ts, as catalogue-csv.ts is, so that each file stays short.

export { COMPARE_PARTS_MAX, COMPARE_PARTS_MIN } from './constants.ts';

/**
 * The part ids of a comparison as `ids=<id>,<id>` gives them, in that order (lowercase, as the
 * database writes them, so that a repeated id is seen whatever its case; an empty one between
 * two commas left out). A plain function, not a transform, so that /api/docs still describes the
 * wire.
 */
export const compareIds = (ids: string) =>
  ids
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== '');

/** What is wrong with a comparison's `ids`, for people; null when it is 2 to 4 distinct ids. */
export function compareIdsProblem(ids: string): string | null {
  const list = compareIds(ids);
  if (list.length < COMPARE_PARTS_MIN)
    return `Choose at least ${COMPARE_PARTS_MIN} parts to compare, their ids separated by commas.`;
  if (list.length > COMPARE_PARTS_MAX)
    return `Compare at most ${COMPARE_PARTS_MAX} parts at a time.`;
  const bad = list.find((id) => !Id.safeParse(id).success);
  if (bad !== undefined) return `"${bad.slice(0, 40)}" is not a valid part id.`;
  const twice = list.find((id, i) => list.indexOf(id) !== i);
  if (twice !== undefined) return `Part ${twice} is asked for twice: compare each part once.`;
  return null;
}

/** GET /api/parts/compare?ids=<id>,<id>: 2 to 4 distinct part ids, separated by commas. */
export const PartCompareQuery = z.object({
  ids: z
    .string({ message: 'Give the parts to compare: ids=<id>,<id>' })
    .max(400, 'Too many part ids')
    .superRefine((ids, ctx) => {
      const problem = compareIdsProblem(ids);
      if (problem) ctx.addIssue({ code: 'custom', input: ids, message: problem });
    }),
});
export type PartCompareQuery = z.input<typeof PartCompareQuery>;

/**
 * One row of a comparison: an attribute the compared parts' categories declare, labelled as a
 * part's specification is, with each part's value as a person reads it ("6000 MT/s"), in the
 * parts' order; null for a part without it.
 */
export const ComparedAttribute = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.string().nullable()),
});
export type ComparedAttribute = z.infer<typeof ComparedAttribute>;

/** The parts as the catalogue answers them, in the order asked, and their attributes side by side. */
export const PartComparison = z.object({
  parts: z.array(CataloguePart),
  attributes: z.array(ComparedAttribute),
});
export type PartComparison = z.infer<typeof PartComparison>;

/** A comparison's 404: the ids asked for that are not (or no longer) in the catalogue. */
export const PartCompareMissing = ApiError.extend({ missing: z.array(Id).default([]) });
export type PartCompareMissing = z.input<typeof PartCompareMissing>;
