import { asc, eq, sql } from 'drizzle-orm';
import {
  attributesSchema,
  type Attributes,
  type Category,
  type AddCategoryBody,
} from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { categories } from '../../db/schema/parts.ts';
import { HttpError } from '../../lib/http-errors.ts';

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
  const found = await findCategory(db, category);
  if (!found) throw new HttpError(422, 'This category does not exist.');
  const parsed = attributesSchema(found).safeParse(attributes ?? {});
  if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]!.message);
  return { category: found.slug, attributes: parsed.data };
}
