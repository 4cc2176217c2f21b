import { asc, eq, sql } from 'drizzle-orm';
import type {
  ShippingMethod,
  ShippingMethodBody,
  ShippingZone,
  ShippingZoneBody,
} from '@partsmith/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  shippingMethods,
  shippingZones,
  type ShippingMethodRow,
  type ShippingZoneRow,
} from '../../db/schema/shipping.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { checkZonePlaces } from './places.ts';

// Shipping zones and their methods (service.ts), kept by the admins.

// The bodies as the routes hand them over, the contract's defaults applied.
type ZoneInput = z.output<typeof ShippingZoneBody>;
type MethodInput = z.output<typeof ShippingMethodBody>;

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (cents: number) => cents / 100;

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
