import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCategoryBody,
  AddPartBody,
  Category,
  ApiError,
  DeleteAnswer,
  IdParams,
  InsertedAnswer,
  ModifiedAnswer,
  priceBreakBaseIssues,
  priceBreakOrderIssues,
  toCents,
  UpdatePartBody,
} from '@partsmith/contract';
import { breaksInCents } from '@partsmith/contract/pricing';
import { parts, type PartRow } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
import { addCategory, checkedSpecification } from './categories.ts';
import { toApiPart, toCataloguePart } from './repository.ts';
import { lowStockMarkAfter } from './stock.ts';

const snapshot = (row: PartRow) => toCataloguePart(row);

/** The catalogue's administration; every change is audited in its own transaction. */
export const partsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/addParts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a part to the catalogue',
        body: AddPartBody,
        response: { 200: InsertedAnswer, 422: ApiError },
      },
    },
    async (request) => {
      const b = request.body;
      if (b.image.startsWith('/uploads/') && !(await app.images.has(b.image)))
        throw new HttpError(422, 'Upload an image first.');
      const row = await app.db.transaction(async (tx) => {
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
            lowStockAlertedAt: lowStockMarkAfter(
              { lowStockAlertedAt: null },
              { ...b, lowStockThreshold: b.lowStockThreshold ?? null },
            ),
            priceBreaks: breaksInCents(b.priceBreaks),
          })
          .returning();
        await recordAudit(tx, request.user!, {
          action: 'part.add',
          targetId: created!.id,
          summary: `Added "${created!.name}"`,
          after: snapshot(created!),
        });
        return created!;
      });
      app.catalogueCache.invalidate();
      return { acknowledged: true as const, insertedId: row.id };
    },
  );

  app.post(
    '/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a category to the catalogue, with the attributes its parts have',
        body: AddCategoryBody,
        response: { 200: Category, 409: ApiError },
      },
    },
    async (request) => {
      const created = await app.db.transaction(async (tx) => {
        const row = await addCategory(tx, request.body);
        await recordAudit(tx, request.user!, {
          action: 'category.add',
          targetId: row.slug,
          summary: `Added the category "${row.name}"`,
          after: { slug: row.slug, name: row.name, attributes: row.attributes },
        });
        return row;
      });
      return { slug: created.slug, name: created.name, attributes: created.attributes };
    },
  );

  app.patch(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Correct a part's stock, price and/or volume prices",
        params: IdParams,
        body: UpdatePartBody,
        response: { 200: ModifiedAnswer, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const { availableQuantity, price, priceBreaks, lowStockThreshold, category, attributes } =
        request.body;
      const answer = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(parts)
          .where(and(eq(parts.id, request.params.id), isNull(parts.deletedAt)))
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
        await recordAudit(tx, request.user!, {
          action: 'part.update',
          targetId: before.id,
          summary: `Changed "${before.name}"`,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return { acknowledged: true as const, modifiedCount: 1 };
      });
      app.catalogueCache.invalidate();
      return answer;
    },
  );

  app.delete(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a part out of the catalogue (orders keep their own copy)',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      const answer = await app.db.transaction(async (tx) => {
        const [gone] = await tx
          .update(parts)
          .set({ deletedAt: new Date() })
          .where(and(eq(parts.id, request.params.id), isNull(parts.deletedAt)))
          .returning();
        if (!gone) throw notFound('This part is not in the catalogue.');
        await recordAudit(tx, request.user!, {
          action: 'part.delete',
          targetId: gone.id,
          summary: `Deleted "${gone.name}"`,
          before: snapshot(gone),
        });
        return { acknowledged: true as const, deletedCount: 1 };
      });
      app.catalogueCache.invalidate();
      return answer;
    },
  );
};
