import { asc, eq, sql } from 'drizzle-orm';
import type { TaxRate, TaxRateBody } from '@partsmith/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { taxRates, type TaxRateRow } from '../../db/schema/shipping.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { checkCountry, checkRegion } from './places.ts';

// Sales tax rates (service.ts), kept by the admins.

// The body as the routes hand it over, the contract's defaults applied.
type RateInput = z.output<typeof TaxRateBody>;

function rateOf(row: TaxRateRow): TaxRate {
  return {
    _id: row.id,
    country: row.country,
    region: row.region,
    name: row.name,
    // numeric(7,4) comes back as text ("8.2500").
    rate: Number(row.rate),
    shippingTaxed: row.shippingTaxed,
  };
}

const rateRecord = (row: TaxRateRow) => {
  const { _id, ...rest } = rateOf(row);
  void _id;
  return rest;
};

const placeOf = (rate: { country: string; region: string | null }) =>
  rate.region ? `${rate.country}-${rate.region}` : `the whole of ${rate.country}`;

const rateTaken = (rate: RateInput) =>
  new HttpError(
    409,
    `There is already a tax rate for ${placeOf(rate)}; change that one instead of adding another.`,
  );

/** Whether a failed statement broke a unique index (23505; Drizzle keeps the driver's as `cause`). */
function brokeUniqueIndex(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== error && brokeUniqueIndex(cause));
}

function checkRatePlace(body: RateInput) {
  checkCountry(body.country, 'country');
  if (body.region) checkRegion(body.country, body.region, 'region');
}

/** Every tax rate, by country, its whole-country rate first, then by region. */
export async function listRates(db: DbOrTx): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), sql`${taxRates.region} asc nulls first`);
  return rows.map(rateOf);
}

/** A new rate; 409 when its place (country, or country and region) already has one; audited. */
export function addRate(db: Db, body: RateInput, admin: Actor): Promise<TaxRate> {
  checkRatePlace(body);
  return db.transaction(async (tx) => {
    // The only unique index besides the id is tax_rates_place_unique (country, region).
    const [row] = await tx
      .insert(taxRates)
      .values({ ...body, rate: String(body.rate) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw rateTaken(body);
    await recordAudit(tx, admin, {
      action: 'tax-rate.save',
      targetId: row.id,
      summary: `Added the tax rate "${row.name}" (${Number(row.rate)}%) for ${placeOf(row)}`,
      after: rateRecord(row),
    });
    return rateOf(row);
  });
}

/** Replaces a rate; 404 if none, 409 when another rate has its new place; audited. */
export async function updateRate(
  db: Db,
  id: string,
  body: RateInput,
  admin: Actor,
): Promise<TaxRate> {
  checkRatePlace(body);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
      if (!before) throw notFound('There is no such tax rate.');
      const [row] = await tx
        .update(taxRates)
        .set({ ...body, rate: String(body.rate) })
        .where(eq(taxRates.id, id))
        .returning();
      await recordAudit(tx, admin, {
        action: 'tax-rate.save',
        targetId: id,
        summary: `Changed the tax rate "${row!.name}" (${Number(row!.rate)}%) for ${placeOf(row!)}`,
        before: rateRecord(before),
        after: rateRecord(row!),
      });
      return rateOf(row!);
    });
  } catch (error) {
    // The update broke tax_rates_place_unique; the transaction is already rolled back.
    if (brokeUniqueIndex(error)) throw rateTaken(body);
    throw error;
  }
}

/** Deletes a rate, audited; 404 if none. */
export function deleteRate(db: Db, id: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
    if (!gone) throw notFound('There is no such tax rate.');
    await recordAudit(tx, admin, {
      action: 'tax-rate.delete',
      targetId: id,
      summary: `Deleted the tax rate "${gone.name}" for ${placeOf(gone)}`,
      before: rateRecord(gone),
    });
  });
}
