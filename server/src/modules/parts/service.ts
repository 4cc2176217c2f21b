import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  priceBreakBaseIssues,
  priceBreakOrderIssues,
  toCents,
  type AddCategoryBody,
  type AddPartBody,
  type UpdatePartBody,
} from '@partsmith/contract';
import { breaksInCents } from '@partsmith/contract/pricing';
import type { Database } from '../../db/client.ts';
import { parts, type PartRow } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { addCategory, checkedSpecification } from './categories.ts';
import { toApiPart, toCataloguePart } from './repository.ts';
import { SKU_TAKEN } from './skus.ts';
import { inStock, lowStockMarkAfter } from './stock.ts';

const snapshot = (row: PartRow) => toCataloguePart(row);

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

    /** Corrects a listed part's stock, prices, threshold, lead time or specification. */
    async update(id: string, body: z.output<typeof UpdatePartBody>, admin: Actor) {
      const { availableQuantity, price, priceBreaks, lowStockThreshold, leadTimeDays } = body;
      const { category, attributes } = body;
      const restocked = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(parts)
          .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
          .for('update');
        if (!before) throw notFound('This part is not in the catalogue.');
        // The body alone cannot see the stored half (a new price under the stored breaks, new
        // breaks under the stored price or minimum): the part as it will be is checked here.
        const merged = toApiPart(before);
        const breaks = priceBreaks ?? merged.priceBreaks;
        const [problem] = [
          ...priceBreakOrderIssues(breaks),
          ...priceBreakBaseIssues(breaks, { ...merged, price: price ?? merged.price }),
        ];
        if (problem) throw new HttpError(400, problem.message);
        // A new category brings its attributes; new attributes alone are for the same category.
        const specification =
          category !== undefined || attributes !== undefined
            ? await checkedSpecification(tx, category ?? before.category, attributes)
            : undefined;
        const [after] = await tx
          .update(parts)
          .set({
            ...(availableQuantity !== undefined ? { availableQuantity } : {}),
            ...(price !== undefined ? { priceCents: toCents(price) } : {}),
            ...(priceBreaks !== undefined ? { priceBreaks: breaksInCents(priceBreaks) } : {}),
            ...(lowStockThreshold !== undefined ? { lowStockThreshold } : {}),
            ...(leadTimeDays !== undefined ? { leadTimeDays } : {}),
            ...specification,
            // Back at the threshold or above, the next purchase below it mails the admins again.
            lowStockAlertedAt: lowStockMarkAfter(before, {
              availableQuantity: availableQuantity ?? before.availableQuantity,
              lowStockThreshold:
                lowStockThreshold !== undefined ? lowStockThreshold : before.lowStockThreshold,
              minOrderQuantity: before.minOrderQuantity,
            }),
            updatedAt: new Date(),
          })
          .where(eq(parts.id, before.id))
          .returning();
        await recordAudit(tx, admin, {
          action: 'part.update',
          targetId: before.id,
          summary: `Changed "${before.name}"`,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return !inStock(before) && inStock(after!);
      });
      catalogueChanged();
      if (restocked) deps.backInStock?.();
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
