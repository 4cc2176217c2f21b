// Volume prices (price breaks) without zod: the server, the purchase page and the tests all price
// a line with these functions, so the price the page shows is the price the server charges (the
// server's SQL in parts/stock.ts picks the same break; a property test holds them together).
// The type import below is erased at build: no zod comes with this module.
import type { PriceBreak } from './parts.ts';

/** Dollars (at most 2 decimals) to integer cents, rounding away the binary noise of 9.95 * 100. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** A break as the database keeps it: from `minQuantity` units on, each costs `priceCents`. */
export interface PriceBreakCents {
  minQuantity: number;
  priceCents: number;
}

/** A break as the API sends it (the contract's PriceBreak schema): the unit price in dollars. */
export type PriceBreakDollars = PriceBreak;

/**
 * The unit price in cents for `quantity` units: the price of the break with the highest
 * `minQuantity` at or below the quantity (the lower price on a tie), else the base price.
 * Breaks need not be sorted.
 */
export function unitPriceCents(
  part: { priceCents: number; priceBreaks: readonly PriceBreakCents[] },
  quantity: number,
): number {
  let best: PriceBreakCents | null = null;
  for (const b of part.priceBreaks) {
    if (b.minQuantity > quantity) continue;
    if (
      !best ||
      b.minQuantity > best.minQuantity ||
      (b.minQuantity === best.minQuantity && b.priceCents < best.priceCents)
    )
      best = b;
  }
  return best ? best.priceCents : part.priceCents;
}

/** A part as the API sends it (dollars), in the cents `unitPriceCents` takes. */
export function centsPricing(part: { price: number; priceBreaks: readonly PriceBreakDollars[] }): {
  priceCents: number;
  priceBreaks: PriceBreakCents[];
} {
  return { priceCents: toCents(part.price), priceBreaks: breaksInCents(part.priceBreaks) };
}

/** Breaks as the API sends them (dollars) as the database keeps them (cents). */
export const breaksInCents = (breaks: readonly PriceBreakDollars[]): PriceBreakCents[] =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: toCents(b.price) }));

/** One row of a part's price table: `from` to `to` units (`to` null: and up) at `priceCents`. */
export interface PriceTier {
  from: number;
  to: number | null;
  priceCents: number;
}

/**
 * A part's prices by quantity, from its minimum order up: the base price until the first break,
 * then each break until the next. A part without breaks has one tier.
 */
export function priceTiers(part: {
  price: number;
  minOrderQuantity: number;
  priceBreaks: readonly PriceBreakDollars[];
}): PriceTier[] {
  const { priceCents, priceBreaks } = centsPricing(part);
  const starts = [
    { minQuantity: part.minOrderQuantity, priceCents },
    ...[...priceBreaks]
      .filter((b) => b.minQuantity > part.minOrderQuantity)
      .sort((a, b) => a.minQuantity - b.minQuantity),
  ];
  return starts.map((start, i) => ({
    from: start.minQuantity,
    to: i + 1 < starts.length ? starts[i + 1]!.minQuantity - 1 : null,
    priceCents: start.priceCents,
  }));
}

/**
 * A company's price for a part (issue 49, decision 064), from its price list: a fixed unit price
 * for the part, else a percentage off for the part's category, else none.
 */
export interface CompanyPriceRule {
  fixedCents: number | null;
  percentOff: number | null;
}

/**
 * The unit price in cents a company's member pays for `quantity` units: the lowest of the list
 * price with its volume break for the quantity (unitPriceCents) and the company's price (its
 * fixed price for the part, else the category's percentage off the list price, rounded to the
 * cent, half up). Never more than the public price for the quantity, never below one cent. The
 * server's SQL (modules/companies/price-lists.ts) computes the same; a property test holds them
 * together.
 */
export function companyUnitPriceCents(
  part: { priceCents: number; priceBreaks: readonly PriceBreakCents[] },
  quantity: number,
  rule: CompanyPriceRule | null,
): number {
  const publicPrice = unitPriceCents(part, quantity);
  if (!rule) return publicPrice;
  const company =
    rule.fixedCents !== null
      ? rule.fixedCents
      : rule.percentOff !== null
        ? // In basis points, so the product is a whole number and only the division rounds.
          Math.round((part.priceCents * Math.round((100 - rule.percentOff) * 100)) / 10_000)
        : null;
  return company === null ? publicPrice : Math.max(1, Math.min(publicPrice, company));
}
