import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GENERATED_SKU_REFUSED,
  isGeneratedSku,
  priceBreakBaseIssues,
  priceBreakOrderIssues,
  toCents,
  type AddCategoryBody,
  type AddPartBody,
  type AdminPart,
  type Category,
  type EditCategoryBody,
  type EditPartBody,
} from '@partsmith/contract';
import { breaksInCents } from '@partsmith/contract/pricing';
import type { Database } from '../../db/client.ts';
import { parts, type PartRow } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import {
  addCategory,
  categoryOf,
  checkedSpecification,
  deleteCategory,
  updateCategory,
} from './categories.ts';
import { toAdminPart, toApiPart } from './repository.ts';
import { brokeUniqueIndex, SKU_TAKEN } from './skus.ts';
import { inStock, lowStockMarkAfter } from './stock.ts';

/** A part in the audit log: as its editor sees it, with whether it is listed and its weight. */
const snapshot = (row: PartRow) => toAdminPart(row);

const categorySnapshot = (c: Category) => ({
  slug: c.slug,
  name: c.name,
  attributes: c.attributes,
});

/** The audit's words for the fields of a part (the snapshot's keys). */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  description: 'description',
  sku: 'part number',
  category: 'category',
  attributes: 'specification',
  minOrderQuantity: 'minimum order',
  availableQuantity: 'stock',
  price: 'price',
  priceBreaks: 'volume prices',
  lowStockThreshold: 'low-stock alert',
  leadTimeDays: 'lead time',
  weightGrams: 'weight',
  image: 'image',
  listed: 'listed',
};

/** What an edit changed, in words: "price, stock". */
function changedFields(before: object, after: object): string {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(FIELD_WORDS)
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => FIELD_WORDS[key])
    .join(', ');
}

const NOT_IN_CATALOGUE = 'This part is not in the catalogue.';

/**
 * The catalogue's administration: every change is audited in its own transaction, and told
 * (`catalogueChanged`) once committed, before anyone is answered.
 */
export function createPartsService(deps: {
  database: Database;
  /** Whether the image store holds an uploaded image. */
  hasImage: (url: string) => Promise<boolean>;
  catalogueChanged: () => void;
  /** Told after a commit that put an out-of-stock part back in stock (its stock alerts). */
  backInStock?: () => void;
}) {
  const { hasImage, catalogueChanged } = deps;
  const { db } = deps.database;
  return {
    /** Adds a part to the catalogue; answers the new part's id. */
    async add(b: z.output<typeof AddPartBody>, admin: Actor): Promise<string> {
      if (b.image.startsWith('/uploads/') && !(await hasImage(b.image)))
        throw new HttpError(422, 'Upload an image first.');
      const row = await db.transaction(async (tx) => {
        const specification = await checkedSpecification(tx, b.category, b.attributes);
        const [created] = await tx
          .insert(parts)
          .values({
            ...specification,
            name: b.name,
            description: b.description,
            image: b.image,
            priceCents: toCents(b.price),
            availableQuantity: b.availableQuantity,
            minOrderQuantity: b.minOrderQuantity,
            lowStockThreshold: b.lowStockThreshold ?? null,
            leadTimeDays: b.leadTimeDays ?? null,
            lowStockAlertedAt: lowStockMarkAfter(
              { lowStockAlertedAt: null },
              { ...b, lowStockThreshold: b.lowStockThreshold ?? null },
            ),
            priceBreaks: breaksInCents(b.priceBreaks),
            // Left out, the insert trigger makes one (PS-MEM-000012).
            ...(b.sku ? { sku: b.sku } : {}),
          })
          // The only unique value a new part can repeat is its number (any case).
          .onConflictDoNothing()
          .returning();
        if (!created) throw new HttpError(409, SKU_TAKEN);
        await recordAudit(tx, admin, {
          action: 'part.add',
          targetId: created.id,
          summary: `Added "${created.name}"`,
          after: snapshot(created),
        });
        return created;
      });
      catalogueChanged();
      return row.id;
    },

    /** Adds a category, with the attributes its parts have (409 when its name is taken). */
    async addCategory(body: z.output<typeof AddCategoryBody>, admin: Actor) {
      const created = await db.transaction(async (tx) => {
        const row = await addCategory(tx, body);
        await recordAudit(tx, admin, {
          action: 'category.add',
          targetId: row.slug,
          summary: `Added the category "${row.name}"`,
          after: { slug: row.slug, name: row.name, attributes: row.attributes },
        });
        return row;
      });
      return { slug: created.slug, name: created.name, attributes: created.attributes };
    },

    /** A part as its editor sees it (404 for a deleted or unknown one). */
    async get(id: string): Promise<AdminPart> {
      const [row] = await db
        .select()
        .from(parts)
        .where(and(eq(parts.id, id), isNull(parts.deletedAt)));
      if (!row) throw notFound(NOT_IN_CATALOGUE);
      return toAdminPart(row, await categoryOf(db, row.category));
    },

    /**
     * Changes any of a part's fields (PUT /api/parts/:id; PATCH /api/tools/:id sends some of
     * them); the others keep their values. The part as it will be is checked, audited with its
     * values before and after, and answered as its editor sees it.
     */
    async edit(id: string, b: z.output<typeof EditPartBody>, admin: Actor): Promise<AdminPart> {
      if (b.image?.startsWith('/uploads/') && !(await hasImage(b.image)))
        throw new HttpError(422, 'Upload an image first.');
      const { after, category, restocked } = await db
        .transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(parts)
            .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
            .for('update');
          if (!before) throw notFound(NOT_IN_CATALOGUE);
          // The shop's own numbers are its to make; a part may keep the one it was given.
          if (b.sku !== undefined && b.sku !== before.sku && isGeneratedSku(b.sku))
            throw new HttpError(422, GENERATED_SKU_REFUSED);
          // The body alone cannot see the stored half (a new price under the stored breaks, new
          // breaks under the stored price or minimum): the part as it will be is checked here.
          const merged = toApiPart(before);
          const minOrderQuantity = b.minOrderQuantity ?? before.minOrderQuantity;
          const availableQuantity = b.availableQuantity ?? before.availableQuantity;
          // Stock falls below the minimum by selling; only a new minimum is held to the stock.
          if (
            b.minOrderQuantity !== undefined &&
            availableQuantity > 0 &&
            minOrderQuantity > availableQuantity
          )
            throw new HttpError(400, 'Minimum quantity cannot be more than the available quantity');
          const breaks = b.priceBreaks ?? merged.priceBreaks;
          const [problem] = [
            ...priceBreakOrderIssues(breaks),
            ...priceBreakBaseIssues(breaks, { price: b.price ?? merged.price, minOrderQuantity }),
          ];
          if (problem) throw new HttpError(400, problem.message);
          // A new category brings its attributes; new attributes alone are for the same category.
          const specification =
            b.category !== undefined || b.attributes !== undefined
              ? await checkedSpecification(tx, b.category ?? before.category, b.attributes)
              : undefined;
          const lowStockThreshold =
            b.lowStockThreshold !== undefined ? b.lowStockThreshold : before.lowStockThreshold;
          const [row] = await tx
            .update(parts)
            .set({
              ...(b.name !== undefined ? { name: b.name } : {}),
              ...(b.description !== undefined ? { description: b.description } : {}),
              ...(b.sku !== undefined ? { sku: b.sku } : {}),
              ...(b.image !== undefined ? { image: b.image } : {}),
              ...(b.listed !== undefined ? { listed: b.listed } : {}),
              ...(b.weightGrams !== undefined ? { weightGrams: b.weightGrams } : {}),
              ...(b.minOrderQuantity !== undefined ? { minOrderQuantity } : {}),
              ...(b.availableQuantity !== undefined ? { availableQuantity } : {}),
              ...(b.price !== undefined ? { priceCents: toCents(b.price) } : {}),
              ...(b.priceBreaks !== undefined ? { priceBreaks: breaksInCents(b.priceBreaks) } : {}),
              ...(b.lowStockThreshold !== undefined ? { lowStockThreshold } : {}),
              ...(b.leadTimeDays !== undefined ? { leadTimeDays: b.leadTimeDays } : {}),
              ...specification,
              // Back at the threshold or above, the next purchase below it mails the admins again.
              lowStockAlertedAt: lowStockMarkAfter(before, {
                availableQuantity,
                lowStockThreshold,
                minOrderQuantity,
              }),
              updatedAt: new Date(),
            })
            .where(eq(parts.id, before.id))
            .returning();
          const changed = changedFields(snapshot(before), snapshot(row!));
          const renamed = row!.name !== before.name ? ` (now "${row!.name}")` : '';
          await recordAudit(tx, admin, {
            action: 'part.update',
            targetId: before.id,
            summary: `Changed "${before.name}"${renamed}${changed ? `: ${changed}` : ''}`,
            before: snapshot(before),
            after: snapshot(row!),
          });
          return {
            after: row!,
            category: await categoryOf(tx, row!.category),
            restocked: !inStock(before) && inStock(row!),
          };
        })
        .catch((error: unknown) => {
          // The one unique value an edit can repeat is the part number (any case).
          if (brokeUniqueIndex(error)) throw new HttpError(409, SKU_TAKEN);
          throw error;
        });
      catalogueChanged();
      if (restocked) deps.backInStock?.();
      return toAdminPart(after, category);
    },

    /** A category's new name and/or attributes (categories.ts updateCategory), audited. */
    async updateCategory(
      slug: string,
      body: z.output<typeof EditCategoryBody>,
      admin: Actor,
    ): Promise<Category> {
      const after = await db.transaction(async (tx) => {
        const changed = await updateCategory(tx, slug, body);
        const dropped = changed.droppedParts
          ? `; values dropped from ${changed.droppedParts} part${changed.droppedParts === 1 ? '' : 's'}`
          : '';
        const renamed =
          changed.after.name !== changed.before.name ? ` (now "${changed.after.name}")` : '';
        await recordAudit(tx, admin, {
          action: 'category.update',
          targetId: slug,
          summary: `Changed the category "${changed.before.name}"${renamed}${dropped}`,
          before: categorySnapshot(changed.before),
          after: { ...categorySnapshot(changed.after), droppedParts: changed.droppedParts },
        });
        return changed.after;
      });
      catalogueChanged();
      return after;
    },

    /** Deletes a category, its parts moved to `moveTo` first (categories.ts deleteCategory). */
    async deleteCategory(slug: string, moveTo: string | undefined, admin: Actor) {
      const deleted = await db.transaction(async (tx) => {
        const gone = await deleteCategory(tx, slug, moveTo);
        const moved = gone.target
          ? `, its ${gone.movedParts} part${gone.movedParts === 1 ? '' : 's'} moved to "${gone.target.name}"`
          : '';
        await recordAudit(tx, admin, {
          action: 'category.delete',
          targetId: slug,
          summary: `Deleted the category "${gone.before.name}"${moved}`,
          before: categorySnapshot(gone.before),
          after: gone.target
            ? {
                movedTo: gone.target.slug,
                movedParts: gone.movedParts,
                droppedParts: gone.droppedParts,
              }
            : null,
        });
        return gone;
      });
      catalogueChanged();
      return { movedParts: deleted.movedParts, droppedValues: deleted.droppedParts };
    },

    /** Takes a part out of the catalogue (orders keep their own copy). */
    async remove(id: string, admin: Actor) {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .update(parts)
          .set({ deletedAt: new Date() })
          .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
          .returning();
        if (!gone) throw notFound('This part is not in the catalogue.');
        await recordAudit(tx, admin, {
          action: 'part.delete',
          targetId: gone.id,
          summary: `Deleted "${gone.name}"`,
          before: snapshot(gone),
        });
      });
      catalogueChanged();
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
