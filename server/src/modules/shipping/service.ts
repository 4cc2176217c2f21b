import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  ShippingMethod,
  ShippingMethodBody,
  ShippingZone,
  ShippingZoneBody,
  TaxExemption,
  TaxExemptionBody,
  TaxRate,
  TaxRateBody,
} from '@partsmith/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  shippingMethods,
  shippingZones,
  taxExemptions,
  taxRates,
  type ShippingMethodRow,
  type ShippingZoneRow,
  type TaxRateRow,
} from '../../db/schema/shipping.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { findUserByEmail } from '../users/service.ts';
import { checkCountry, checkRegion, checkZonePlaces } from './places.ts';

/**
 * Shipping zones and their methods, sales tax rates and customers' tax exemptions (issue 47),
 * kept by the admins (each change audited in its transaction, with the record before and after
 * as the API shows it) and read by the checkout through destinationOfAddress (destinationOf and exemptionOf alone too).
 */

// The bodies as the routes hand them over, the contract's defaults applied.
type ZoneInput = z.output<typeof ShippingZoneBody>;
type MethodInput = z.output<typeof ShippingMethodBody>;
type RateInput = z.output<typeof TaxRateBody>;
type ExemptionInput = z.output<typeof TaxExemptionBody>;

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (cents: number) => cents / 100;

// ---------------------------------------------------------------------------------------------
// Zones and methods

function methodOf(row: ShippingMethodRow): ShippingMethod {
  return {
    _id: row.id,
    zoneId: row.zoneId,
    name: row.name,
    kind: row.kind as ShippingMethod['kind'],
    price: dollars(row.priceCents),
    perKg: dollars(row.perKgCents),
    freeAbove: row.freeAboveCents === null ? null : dollars(row.freeAboveCents),
    days: { min: row.minDays, max: row.maxDays },
    position: row.position,
  };
}

function zoneOf(row: ShippingZoneRow, methods: ShippingMethod[]): ShippingZone {
  return {
    _id: row.id,
    name: row.name,
    countries: row.countries,
    regions: row.regions,
    position: row.position,
    methods,
  };
}

/** What the audit log keeps of a zone or a method: the API's view without ids. */
const zoneRecord = ({ name, countries, regions, position }: ShippingZoneRow) => ({
  name,
  countries,
  regions,
  position,
});
const methodRecord = (row: ShippingMethodRow) => {
  const { _id, zoneId, ...rest } = methodOf(row);
  void _id;
  void zoneId;
  return rest;
};

const distinct = (codes: string[]) => [...new Set(codes)];

/** Every zone with its methods, zones and methods each by position (then name). */
export async function listZones(db: DbOrTx): Promise<ShippingZone[]> {
  const [zones, methods] = await Promise.all([
    db
      .select()
      .from(shippingZones)
      .orderBy(asc(shippingZones.position), asc(shippingZones.name), asc(shippingZones.id)),
    db
      .select()
      .from(shippingMethods)
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.name), asc(shippingMethods.id)),
  ]);
  const byZone = new Map<string, ShippingMethod[]>(zones.map((z) => [z.id, []]));
  for (const m of methods) byZone.get(m.zoneId)?.push(methodOf(m));
  return zones.map((z) => zoneOf(z, byZone.get(z.id) ?? []));
}

async function methodsOfZone(db: DbOrTx, zoneId: string) {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name), asc(shippingMethods.id));
}

/**
 * A new zone, after the others unless a position is given; audited. Its places must be real
 * (422 naming the first that is not); the same place in two zones is allowed (the most specific
 * zone holding a destination serves it), the same place twice in one zone is kept once.
 */
export function addZone(db: Db, body: ZoneInput, admin: Actor): Promise<ShippingZone> {
  checkZonePlaces(body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shippingZones)
      .values({
        name: body.name,
        countries: distinct(body.countries),
        regions: distinct(body.regions),
        position:
          body.position ??
          sql`(select coalesce(max(${shippingZones.position}) + 1, 0) from ${shippingZones})`,
      })
      .returning();
    await recordAudit(tx, admin, {
      action: 'shipping-zone.save',
      targetId: row!.id,
      summary: `Added the shipping zone "${row!.name}"`,
      after: zoneRecord(row!),
    });
    return zoneOf(row!, []);
  });
}

/** Replaces a zone's name and places (and its position, when given); audited; 404 if none. */
export function updateZone(
  db: Db,
  id: string,
  body: ZoneInput,
  admin: Actor,
): Promise<ShippingZone> {
  checkZonePlaces(body);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingZones)
      .where(eq(shippingZones.id, id))
      .for('update');
    if (!before) throw notFound('There is no such shipping zone.');
    const [row] = await tx
      .update(shippingZones)
      .set({
        name: body.name,
        countries: distinct(body.countries),
        regions: distinct(body.regions),
        position: body.position ?? before.position,
      })
      .where(eq(shippingZones.id, id))
      .returning();
    await recordAudit(tx, admin, {
      action: 'shipping-zone.save',
      targetId: id,
      summary: `Changed the shipping zone "${row!.name}"`,
      before: zoneRecord(before),
      after: zoneRecord(row!),
    });
    return zoneOf(row!, (await methodsOfZone(tx, id)).map(methodOf));
  });
}

/** Deletes a zone and its methods (ON DELETE CASCADE), audited with both; 404 if none. */
export function deleteZone(db: Db, id: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const methods = await methodsOfZone(tx, id);
    const [gone] = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning();
    if (!gone) throw notFound('There is no such shipping zone.');
    await recordAudit(tx, admin, {
      action: 'shipping-zone.delete',
      targetId: id,
      summary: `Deleted the shipping zone "${gone.name}" and its ${methods.length} shipping method(s)`,
      before: { ...zoneRecord(gone), methods: methods.map(methodRecord) },
    });
  });
}

/** The columns of a method as given in dollars (422 for a price per kg on a flat method). */
function methodColumns(body: MethodInput) {
  if (body.kind === 'flat' && body.perKg > 0)
    throw new HttpError(
      422,
      'A flat-rate method has no price per kg; choose "weight" to charge by weight (body field "perKg")',
    );
  return {
    name: body.name,
    kind: body.kind,
    priceCents: cents(body.price),
    perKgCents: cents(body.perKg),
    freeAboveCents: body.freeAbove == null ? null : cents(body.freeAbove),
    minDays: body.minDays,
    maxDays: body.maxDays,
  };
}

/** A new method of a zone, after its others unless a position is given; audited; 404 if no zone. */
export function addMethod(
  db: Db,
  zoneId: string,
  body: MethodInput,
  admin: Actor,
): Promise<ShippingMethod> {
  const columns = methodColumns(body);
  return db.transaction(async (tx) => {
    // Locked: two methods added at once to a zone get positions of their own.
    const [zone] = await tx
      .select({ name: shippingZones.name })
      .from(shippingZones)
      .where(eq(shippingZones.id, zoneId))
      .for('update');
    if (!zone) throw notFound('There is no such shipping zone.');
    const [row] = await tx
      .insert(shippingMethods)
      .values({
        ...columns,
        zoneId,
        position:
          body.position ??
          sql`(select coalesce(max(${shippingMethods.position}) + 1, 0) from ${shippingMethods} where ${shippingMethods.zoneId} = ${zoneId})`,
      })
      .returning();
    await recordAudit(tx, admin, {
      action: 'shipping-method.save',
      targetId: row!.id,
      summary: `Added the shipping method "${row!.name}" to "${zone.name}"`,
      after: methodRecord(row!),
    });
    return methodOf(row!);
  });
}

/** Replaces a method (its zone stays; its position too unless given); audited; 404 if none. */
export function updateMethod(
  db: Db,
  id: string,
  body: MethodInput,
  admin: Actor,
): Promise<ShippingMethod> {
  const columns = methodColumns(body);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .for('update');
    if (!before) throw notFound('There is no such shipping method.');
    const [row] = await tx
      .update(shippingMethods)
      .set({ ...columns, position: body.position ?? before.position })
      .where(eq(shippingMethods.id, id))
      .returning();
    await recordAudit(tx, admin, {
      action: 'shipping-method.save',
      targetId: id,
      summary: `Changed the shipping method "${row!.name}"`,
      before: methodRecord(before),
      after: methodRecord(row!),
    });
    return methodOf(row!);
  });
}

/** Deletes a method, audited; 404 if none. */
export function deleteMethod(db: Db, id: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
    if (!gone) throw notFound('There is no such shipping method.');
    await recordAudit(tx, admin, {
      action: 'shipping-method.delete',
      targetId: id,
      summary: `Deleted the shipping method "${gone.name}"`,
      before: methodRecord(gone),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Tax rates

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

// ---------------------------------------------------------------------------------------------
// Tax exemptions

async function userByEmail(db: DbOrTx, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('No account uses that e-mail.');
  return user;
}

/** A customer's exemption; 404 when the account is unknown or has none. */
export async function getExemption(db: DbOrTx, email: string): Promise<TaxExemption> {
  const user = await userByEmail(db, email);
  const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.userId, user.id));
  if (!row) throw notFound(`${user.email} has no tax exemption.`);
  return {
    email: user.email,
    certificate: row.certificate,
    note: row.note,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Records a customer's exemption, or replaces theirs (as recorded now, by this admin); audited. */
export function saveExemption(
  db: Db,
  email: string,
  body: ExemptionInput,
  admin: Actor,
): Promise<TaxExemption> {
  return db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const [before] = await tx
      .select()
      .from(taxExemptions)
      .where(eq(taxExemptions.userId, user.id))
      .for('update');
    const values = {
      certificate: body.certificate,
      note: body.note,
      recordedBy: admin.email,
      createdAt: new Date(),
    };
    const [row] = await tx
      .insert(taxExemptions)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: taxExemptions.userId, set: values })
      .returning();
    const record = (r: typeof row) => ({
      certificate: r!.certificate,
      note: r!.note,
      recordedBy: r!.recordedBy,
    });
    await recordAudit(tx, admin, {
      action: 'tax-exemption.save',
      targetId: user.id,
      summary: before
        ? `Changed the tax exemption of ${user.email} (certificate ${row!.certificate})`
        : `Recorded a tax exemption for ${user.email} (certificate ${row!.certificate})`,
      ...(before ? { before: record(before) } : {}),
      after: record(row),
    });
    return {
      email: user.email,
      certificate: row!.certificate,
      note: row!.note,
      recordedBy: row!.recordedBy,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** Ends a customer's exemption (later orders are taxed), audited; 404 if they have none. */
export function deleteExemption(db: Db, email: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const [gone] = await tx
      .delete(taxExemptions)
      .where(eq(taxExemptions.userId, user.id))
      .returning();
    if (!gone) throw notFound(`${user.email} has no tax exemption.`);
    await recordAudit(tx, admin, {
      action: 'tax-exemption.delete',
      targetId: user.id,
      summary: `Ended the tax exemption of ${user.email} (certificate ${gone.certificate})`,
      before: { certificate: gone.certificate, note: gone.note, recordedBy: gone.recordedBy },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// For the checkout

export interface DestinationMethod {
  id: string;
  name: string;
  kind: 'flat' | 'weight';
  priceCents: number;
  perKgCents: number;
  freeAboveCents: number | null;
  minDays: number;
  maxDays: number;
  position: number;
}
export interface DestinationRate {
  name: string;
  rate: number /* percentage, 8.25 */;
  shippingTaxed: boolean;
}

/**
 * The methods of the zone that holds the destination (most specific: a zone naming
 * `${country}-${region}`, else one naming the country, else one naming neither; ties by position
 * then name), and every tax rate for the country as a whole and for its region. Methods ordered
 * by position. No zone: methods [].
 *
 * One statement (it runs on every checkout preview and checkout): the best zone of a handful,
 * its methods by the zone index, the country's rates. Nothing is cached, so an admin's change
 * holds for the next checkout.
 */
export async function destinationOf(
  db: DbOrTx,
  country: string,
  region: string | null,
): Promise<{ zoneName: string | null; methods: DestinationMethod[]; rates: DestinationRate[] }> {
  const countryCode = country.toUpperCase();
  const regionCode = region ? region.toUpperCase() : null;
  const result = await db.execute(sql`
    with place as (select ${countryCode}::text as country, ${regionCode}::text as region)
    ${destinationSelect()}`);
  return destinationRow((result as unknown as { rows: Record<string, unknown>[] }).rows[0]);
}

/**
 * The customer's address (`address`, a subquery with its `country` and `region` such as the
 * addresses module's ownAddressSql), their tax exemption and the address's destination
 * (destinationOf), in one statement: the checkout's pricing reads them in one round trip.
 * `address` is null when the subquery has no row (not the customer's address).
 */
export async function destinationOfAddress(db: DbOrTx, userId: string, address: SQL) {
  const result = await db.execute(sql`
    with chosen as (${address})
    , place as (select country, region from chosen)
    ${destinationSelect(sql`, (select address from chosen) as address,
      (select certificate from ${taxExemptions} where user_id = ${userId}) as exemption`)}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return {
    address: (row?.address ?? null) as unknown,
    exemption: (row?.exemption as string | null | undefined) ?? null,
    ...destinationRow(row),
  };
}

/**
 * The select after a `place` CTE (one row of `country` and `region`, or none): the best zone,
 * its methods and the rates as JSON columns, and `also` (more columns).
 */
function destinationSelect(also: SQL = sql``): SQL {
  // A null region names no region: `null = any(...)` is null, never true.
  const namesRegion = sql`(select country || '-' || region from place) = any(z.regions)`;
  const namesCountry = sql`(select country from place) = any(z.countries)`;
  return sql`
    , zone as (
      select z.id, z.name from shipping_zones z
      where exists (select 1 from place) and (${namesRegion} or ${namesCountry}
        or (cardinality(z.countries) = 0 and cardinality(z.regions) = 0))
      order by case when ${namesRegion} then 0 when ${namesCountry} then 1 else 2 end,
        z.position, z.name, z.id
      limit 1
    )
    select
      (select name from zone) as "zoneName",
      (select coalesce(json_agg(json_build_object(
          'id', m.id, 'name', m.name, 'kind', m.kind, 'priceCents', m.price_cents,
          'perKgCents', m.per_kg_cents, 'freeAboveCents', m.free_above_cents,
          'minDays', m.min_days, 'maxDays', m.max_days, 'position', m.position)
          order by m.position, m.name, m.id), '[]'::json)
        from shipping_methods m where m.zone_id = (select id from zone)) as methods,
      (select coalesce(json_agg(json_build_object(
          'name', r.name, 'rate', r.rate, 'shippingTaxed', r.shipping_taxed)
          order by r.region nulls first, r.name), '[]'::json)
        from tax_rates r, place p
        where r.country = p.country and (r.region is null or r.region = p.region)
      ) as rates
      ${also}`;
}

/** destinationSelect's columns as the checkout reads them. */
function destinationRow(row: Record<string, unknown> | undefined): {
  zoneName: string | null;
  methods: DestinationMethod[];
  rates: DestinationRate[];
} {
  const json = <T>(value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    zoneName: (row?.zoneName as string | null) ?? null,
    methods: json<DestinationMethod[]>(row?.methods ?? []),
    rates: json<DestinationRate[]>(row?.rates ?? []).map((r) => ({
      name: r.name,
      // numeric(7,4) in JSON: 8.2500, a number already; Number() keeps it one either way.
      rate: Number(r.rate),
      shippingTaxed: r.shippingTaxed,
    })),
  };
}

/** The customer's tax exemption certificate, or null. */
export async function exemptionOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ certificate: taxExemptions.certificate })
    .from(taxExemptions)
    .where(eq(taxExemptions.userId, userId));
  return row?.certificate ?? null;
}
