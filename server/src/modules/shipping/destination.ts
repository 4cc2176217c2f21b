import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taxExemptions } from '../../db/schema/shipping.ts';
import type { MethodRule } from './money.ts';

// What the checkout reads (service.ts): a destination's shipping methods and tax rates, and a
// customer's tax exemption.

/** A method of the destination's zone, in the zone's order. */
export interface DestinationMethod extends MethodRule {
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
