import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  attributesSchema,
  attributeValueFits,
  type AddCategoryBody,
  type AttributeDef,
  type Attributes,
  type Category,
  type EditCategoryBody,
  type LostValues,
} from '@partsmith/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { categories, parts } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { CATALOGUE_CHANNEL } from './cache.ts';
import { brokeUniqueIndex } from './skus.ts';

/** Every category, in the shop's order, with the attributes it declares. */
export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name, attributes: categories.attributes })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows;
}

export async function findCategory(db: DbOrTx, slug: string): Promise<Category | null> {
  const [row] = await db
    .select({ slug: categories.slug, name: categories.name, attributes: categories.attributes })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row ?? null;
}

/** A new category after the others; 409 when its slug or name is taken. */
export async function addCategory(db: DbOrTx, body: AddCategoryBody & { name: string }) {
  const [row] = await db
    .insert(categories)
    .values({
      slug: body.slug,
      name: body.name,
      attributes: body.attributes,
      position: sql`(select coalesce(max(${categories.position}), 0) + 1 from ${categories})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, 'A category with this name or short name already exists.');
  return row;
}

/**
 * A part's category and attributes as an admin sends them, checked against the category's schema
 * (the same one the admin's form uses): a 422 names the first attribute that is wrong. Without a
 * category, a part has no attributes.
 */
export async function checkedSpecification(
  db: DbOrTx,
  category: string | null | undefined,
  attributes: Record<string, unknown> | undefined,
): Promise<{ category: string | null; attributes: Attributes }> {
  if (!category) {
    if (attributes && Object.keys(attributes).length > 0)
      throw new HttpError(422, 'Choose a category before its attributes.');
    return { category: null, attributes: {} };
  }
  // Shared: a category's change (updateCategory) waits for this part's write, and the reverse.
  const [found] = await db
    .select({ slug: categories.slug, name: categories.name, attributes: categories.attributes })
    .from(categories)
    .where(eq(categories.slug, category))
    .for('share');
  if (!found) throw new HttpError(422, 'This category does not exist.');
  const parsed = attributesSchema(found).safeParse(attributes ?? {});
  if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]!.message);
  return { category: found.slug, attributes: parsed.data };
}

const CATEGORY_MISSING = 'This category does not exist.';
const NAME_TAKEN = 'Another category already has this name.';

const asCategory = (row: Category): Category => ({
  slug: row.slug,
  name: row.name,
  attributes: row.attributes,
});

/** These categories, locked for the change (in slug order, so two changes never deadlock). */
async function lockCategories(db: DbOrTx, slugs: string[]): Promise<Map<string, Category>> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name, attributes: categories.attributes })
    .from(categories)
    .where(inArray(categories.slug, slugs))
    .orderBy(asc(categories.slug))
    .for('update');
  return new Map(rows.map((row) => [row.slug, asCategory(row)]));
}

/** A part filed under a category: deleted ones too, since every row must fit its category. */
interface FiledPart {
  id: string;
  attributes: Attributes;
  deleted: boolean;
}

async function filedParts(db: DbOrTx, slug: string): Promise<FiledPart[]> {
  return db
    .select({
      id: parts.id,
      attributes: parts.attributes,
      deleted: sql<boolean>`${parts.deletedAt} is not null`,
    })
    .from(parts)
    .where(eq(parts.category, slug));
}

/**
 * The values these parts would lose under `defs`, by attribute key: each value whose key `defs`
 * does not declare, or whose attribute it no longer fits as it is (another type, a choice taken
 * out, whole numbers only).
 */
function valuesNotFitting(
  rows: readonly FiledPart[],
  defs: readonly AttributeDef[],
): Map<string, FiledPart[]> {
  const declared = new Map(defs.map((def) => [def.key, def]));
  const lost = new Map<string, FiledPart[]>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row.attributes)) {
      const def = declared.get(key);
      if (def && attributeValueFits(def, value)) continue;
      const holders = lost.get(key);
      if (holders) holders.push(row);
      else lost.set(key, [row]);
    }
  return lost;
}

/** Takes the lost values off their parts: one statement per attribute. */
async function dropValues(db: DbOrTx, lost: Map<string, FiledPart[]>) {
  for (const [key, rows] of lost)
    await db
      .update(parts)
      .set({ attributes: sql`${parts.attributes} - ${key}::text`, updatedAt: new Date() })
      .where(sql`${parts.id} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`);
}

/** How many parts of the catalogue (not deleted) hold one of the lost values. */
const catalogueParts = (lost: Map<string, FiledPart[]>) =>
  new Set(
    [...lost.values()]
      .flat()
      .filter((row) => !row.deleted)
      .map((row) => row.id),
  ).size;

/**
 * The parts of a renamed category read it again: their search document (which holds the
 * category's name) is rebuilt by its trigger and their pages' last change moves. The statement
 * also tells every instance to empty its catalogue cache (migration 0005's trigger), even when
 * the category has no parts.
 */
async function touchFiledParts(db: DbOrTx, slug: string) {
  await db
    .update(parts)
    .set({ attributes: sql`${parts.attributes}`, updatedAt: new Date() })
    .where(eq(parts.category, slug));
}

/**
 * Tells every instance, at commit, to empty its catalogue cache (the parts' pages show their
 * category's labels), as migration 0005's trigger does for a change of `parts`.
 */
async function notifyCatalogueChanged(db: DbOrTx) {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

/**
 * A category's new name and/or attributes (EditCategoryBody): 404 when it does not exist, 409
 * when another category has the name, and 409 (with the attributes and how many parts) when
 * parts of the catalogue hold values the new attributes do not take and the body does not say
 * `onRemovedValues: "drop"`. Answers the category before and after, and how many parts of the
 * catalogue lost values.
 */
export async function updateCategory(
  db: DbOrTx,
  slug: string,
  body: z.output<typeof EditCategoryBody>,
) {
  const before = (await lockCategories(db, [slug])).get(slug);
  if (!before) throw notFound(CATEGORY_MISSING);
  const name = body.name ?? before.name;
  const attributes = body.attributes ?? before.attributes;
  let droppedParts = 0;
  if (body.attributes) {
    const lost = valuesNotFitting(await filedParts(db, slug), attributes);
    droppedParts = catalogueParts(lost);
    if (droppedParts > 0 && body.onRemovedValues !== 'drop') {
      const kept = new Set(attributes.map((def) => def.key));
      const labels = new Map(before.attributes.map((def) => [def.key, def.label]));
      // In the category's order; a key it never declared (none should be) last.
      const place = (key: string) => {
        const i = before.attributes.findIndex((def) => def.key === key);
        return i < 0 ? before.attributes.length : i;
      };
      const lostValues: LostValues[] = [...lost]
        .sort(([a], [b]) => place(a) - place(b))
        .map(([key, rows]) => ({
          key,
          label: labels.get(key) ?? key,
          change: kept.has(key) ? ('changed' as const) : ('removed' as const),
          parts: rows.filter((row) => !row.deleted).length,
        }))
        .filter((entry) => entry.parts > 0);
      const list = lostValues
        .map((entry) => `${entry.label} (${entry.change}): ${partsText(entry.parts)}`)
        .join('; ');
      throw new HttpError(
        409,
        `${partsText(droppedParts)} of "${before.name}" would lose values: ${list}. ` +
          'Send the change again with onRemovedValues "drop" to drop those values, or keep the attributes they use.',
        {},
        { parts: droppedParts, attributes: lostValues },
      );
    }
    await dropValues(db, lost);
  }
  const [after] = await db
    .update(categories)
    .set({ name, attributes })
    .where(eq(categories.slug, slug))
    .returning()
    .catch((error: unknown) => {
      if (brokeUniqueIndex(error)) throw new HttpError(409, NAME_TAKEN);
      throw error;
    });
  if (after!.name !== before.name) await touchFiledParts(db, slug);
  else await notifyCatalogueChanged(db);
  return { before, after: asCategory(after!), droppedParts };
}

/** "1 part", "12 parts". */
const partsText = (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`;

/**
 * Deletes a category: at once when no part of the catalogue is in it; else `moveTo`, another
 * category, takes its parts first, each keeping the values that category declares and that fit
 * there (the others are dropped), and without it the answer is a 409 with how many parts. Its
 * deleted parts go along, or without `moveTo` are left unfiled (orders keep their own copy).
 */
export async function deleteCategory(db: DbOrTx, slug: string, moveTo: string | undefined) {
  if (moveTo === slug) throw new HttpError(422, 'Choose another category to move the parts to.');
  const locked = await lockCategories(db, moveTo ? [slug, moveTo] : [slug]);
  const before = locked.get(slug);
  if (!before) throw notFound(CATEGORY_MISSING);
  const target = moveTo ? locked.get(moveTo) : undefined;
  if (moveTo && !target)
    throw new HttpError(422, 'The category to move the parts to does not exist.');
  const rows = await filedParts(db, slug);
  const inCatalogue = rows.filter((row) => !row.deleted).length;
  if (inCatalogue > 0 && !target)
    throw new HttpError(
      409,
      `${partsText(inCatalogue)} ${inCatalogue === 1 ? 'is' : 'are'} in "${before.name}": choose a category to move ${inCatalogue === 1 ? 'it' : 'them'} to (moveTo), then delete it.`,
      {},
      { parts: inCatalogue },
    );
  let droppedParts = 0;
  if (target) {
    const lost = valuesNotFitting(rows, target.attributes);
    droppedParts = catalogueParts(lost);
    await dropValues(db, lost);
    await db
      .update(parts)
      .set({ category: target.slug, updatedAt: new Date() })
      .where(eq(parts.category, slug));
  } else {
    await db.update(parts).set({ category: null, attributes: {} }).where(eq(parts.category, slug));
  }
  await db.delete(categories).where(eq(categories.slug, slug));
  return { before, target: target ?? null, movedParts: inCatalogue, droppedParts };
}

/** The category of a part, for its answer (null for a part not filed). */
export async function categoryOf(db: DbOrTx, slug: string | null) {
  return slug ? findCategory(db, slug) : null;
}
