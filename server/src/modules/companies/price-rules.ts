import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CompanyPriceRule } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import {
  companyAccounts,
  companyMembers,
  priceListDiscounts,
  priceListPrices,
  priceLists,
} from '../../db/schema/companies.ts';
import { membershipOf } from './service.ts';

/**
 * A price list applies on the days between its `valid_from` and `valid_until` (inclusive, UTC,
 * either open), as SQL on the price_lists row `alias`.
 */
const inForceSql = (alias: string) =>
  sql.raw(`current_date between coalesce(${alias}.valid_from, '-infinity'::date)
    and coalesce(${alias}.valid_until, 'infinity'::date)`);

/**
 * The company price rule of each part for a price list in force today (decision 064): its fixed
 * unit price, else its category's percentage off; parts without either are left out. An empty map
 * for a list out of its dates.
 */
export async function priceRules(
  db: DbOrTx,
  priceListId: string,
  partsToPrice: readonly { id: string; category: string | null }[],
): Promise<Map<string, CompanyPriceRule>> {
  const rules = new Map<string, CompanyPriceRule>();
  if (partsToPrice.length === 0) return rules;
  const [list] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(and(eq(priceLists.id, priceListId), inForceSql('price_lists')));
  if (!list) return rules;
  const ids = partsToPrice.map((p) => p.id);
  const categories = [...new Set(partsToPrice.flatMap((p) => (p.category ? [p.category] : [])))];
  const [fixed, discounts] = await Promise.all([
    db
      .select({ partId: priceListPrices.partId, cents: priceListPrices.priceCents })
      .from(priceListPrices)
      .where(
        and(eq(priceListPrices.priceListId, priceListId), inArray(priceListPrices.partId, ids)),
      ),
    categories.length === 0
      ? []
      : db
          .select({ category: priceListDiscounts.category, percent: priceListDiscounts.percent })
          .from(priceListDiscounts)
          .where(
            and(
              eq(priceListDiscounts.priceListId, priceListId),
              inArray(priceListDiscounts.category, categories),
            ),
          ),
  ]);
  const fixedOf = new Map(fixed.map((f) => [f.partId, f.cents]));
  const percentOf = new Map(discounts.map((d) => [d.category, Number(d.percent)]));
  for (const part of partsToPrice) {
    const fixedCents = fixedOf.get(part.id) ?? null;
    const percentOff = part.category ? (percentOf.get(part.category) ?? null) : null;
    if (fixedCents !== null || percentOff !== null) rules.set(part.id, { fixedCents, percentOff });
  }
  return rules;
}

/** The buyer's company's price list and its rules for these parts, or null without one. */
export async function buyerPriceRules(
  db: DbOrTx,
  userId: string,
  partsToPrice: readonly { id: string; category: string | null }[],
): Promise<{ priceListId: string; rules: Map<string, CompanyPriceRule> } | null> {
  const membership = await membershipOf(db, userId);
  const priceListId = membership?.terms.priceListId;
  if (!priceListId) return null;
  return { priceListId, rules: await priceRules(db, priceListId, partsToPrice) };
}

/**
 * buyerPriceRules for several customers at once (the requesters of a page of quotes): the rules
 * of each one's company price list for the parts `loadParts` gives, for those whose company has a
 * list (one query for the lists; the parts are loaded only then, and one more query a list).
 * Customers of the same list share its map.
 */
export async function buyersPriceRules(
  db: DbOrTx,
  userIds: readonly string[],
  loadParts: () => Promise<readonly { id: string; category: string | null }[]>,
): Promise<Map<string, Map<string, CompanyPriceRule>>> {
  const byUser = new Map<string, Map<string, CompanyPriceRule>>();
  if (userIds.length === 0) return byUser;
  const lists = await db
    .select({ userId: companyMembers.userId, priceListId: companyAccounts.priceListId })
    .from(companyMembers)
    .innerJoin(companyAccounts, eq(companyAccounts.companyId, companyMembers.organizationId))
    .where(
      and(
        sql`${companyMembers.userId} = any(${sql.param([...new Set(userIds)])})`,
        sql`${companyAccounts.priceListId} is not null`,
      ),
    );
  if (lists.length === 0) return byUser;
  const partsToPrice = await loadParts();
  const rulesOf = new Map<string, Map<string, CompanyPriceRule>>();
  for (const { priceListId } of lists)
    if (!rulesOf.has(priceListId!))
      rulesOf.set(priceListId!, await priceRules(db, priceListId!, partsToPrice));
  for (const { userId, priceListId } of lists) byUser.set(userId, rulesOf.get(priceListId!)!);
  return byUser;
}

/**
 * companyUnitPriceCents (contract/src/pricing.ts) in SQL, for a statement: the unit price of
 * `quantity` units of the part `part` (an alias with price_cents and price_breaks) for price list
 * `priceListId` (SQL), its public price with its volume break (`publicCents`, SQL) when the list
 * has nothing for it or is out of its dates. A property test (price-rules.test.ts) holds the two
 * together.
 */
export function companyUnitPriceCentsSql(input: {
  part: string;
  priceListId: SQL;
  publicCents: SQL;
}): SQL {
  const p = sql.raw(input.part);
  const company = sql`(select coalesce(fp.price_cents,
        round(${p}.price_cents * (10000 - round(d.percent * 100)) / 10000.0)::bigint)
      from ${priceLists} pl
      left join ${priceListPrices} fp on fp.price_list_id = pl.id and fp.part_id = ${p}.id
      left join ${priceListDiscounts} d on d.price_list_id = pl.id and d.category = ${p}.category
      where pl.id = ${input.priceListId} and ${inForceSql('pl')})`;
  return sql`greatest(1, least(${input.publicCents}, coalesce(${company}, ${input.publicCents})))::int`;
}
