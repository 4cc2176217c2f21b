import type { ComparedAttribute, PartComparison } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { listCategories } from './categories.ts';
import { partsByIds, toCataloguePart } from './repository.ts';

/** The compare page's answer may be kept by browsers and proxies a short while. */
export const COMPARE_CACHE_CONTROL = 'public, max-age=60';

/** The 404 of a comparison: it names the ids that are not (or no longer) in the catalogue. */
function missingParts(missing: string[]) {
  const message =
    missing.length === 1
      ? `The part ${missing[0]} is not in our catalogue: it may have been taken out. Remove it from the comparison.`
      : `These parts are not in our catalogue: ${missing.join(', ')}. Remove them from the comparison.`;
  return new HttpError(404, message, {}, { missing });
}

/**
 * GET /api/parts/compare: the listed parts `ids` names (2 to 4, checked by the contract's
 * PartCompareQuery), as the catalogue answers each, in the order asked, and one row per
 * attribute their categories declare: the categories in the shop's order, each one's attributes
 * in its own order, a key shared by two categories once (labelled as the first declares it).
 * Each part's value is its own specification's (formatted with its own category's unit), or
 * null when its category does not declare the attribute or the part has no value for it.
 */
export async function compareParts(db: DbOrTx, ids: string[]): Promise<PartComparison> {
  const [rows, categories] = await Promise.all([partsByIds(db, ids), listCategories(db)]);
  const listed = new Map(rows.filter((row) => row.deletedAt === null).map((row) => [row.id, row]));
  const missing = ids.filter((id) => !listed.has(id));
  if (missing.length > 0) throw missingParts(missing);

  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const parts = ids.map((id) => {
    const row = listed.get(id)!;
    return toCataloguePart(row, row.category ? bySlug.get(row.category) : null);
  });

  const used = new Set(parts.map((part) => part.category));
  const attributes: ComparedAttribute[] = [];
  const seen = new Set<string>();
  for (const category of categories) {
    if (!used.has(category.slug)) continue;
    for (const def of category.attributes) {
      if (seen.has(def.key)) continue;
      seen.add(def.key);
      attributes.push({
        key: def.key,
        label: def.label,
        values: parts.map(
          (part) => part.specification.find((row) => row.key === def.key)?.value ?? null,
        ),
      });
    }
  }
  return { parts, attributes };
}
