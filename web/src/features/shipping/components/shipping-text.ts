import type { ShippingMethod, ShippingZone, TaxRate } from '@partsmith/contract';
import { formatDollars } from '../../../lib/money.ts';

/** How the page writes places, prices, delivery times and rates. */

let regionNames: Intl.DisplayNames | undefined;

/** A country's English name for its ISO code (DE: Germany); the code itself when unknown. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a code at all (a typo in a form): show it as typed.
    return code;
  }
}

/** What a zone with neither countries nor regions holds. */
export const REST_OF_WORLD = 'Every other country (rest of the world)';

/** A zone's places: its countries by name, then its regions as given (US-AK). */
export function placesText(zone: Pick<ShippingZone, 'countries' | 'regions'>): string {
  if (zone.countries.length === 0 && zone.regions.length === 0) return REST_OF_WORLD;
  return [...zone.countries.map(countryName), ...zone.regions].join(', ');
}

/**
 * The codes typed into a box, each once: "us, ca  mx" reads as ["US", "CA", "MX"]. Commas,
 * semicolons and spaces separate them.
 */
export function codesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((code) => code.toUpperCase()),
    ),
  ];
}

export const KIND_NAMES: Record<ShippingMethod['kind'], string> = {
  flat: 'Flat rate',
  weight: 'By weight',
};

/** "Free above $500.00", or null for a method that is never free. */
export function freeAboveText(freeAbove: number | null): string | null {
  return freeAbove === null ? null : `Free above ${formatDollars(freeAbove)}`;
}

/** "3–5 business days", "1 business day". */
export function deliveryText({ min, max }: { min: number; max: number }): string {
  if (min === max) return `${min} business ${min === 1 ? 'day' : 'days'}`;
  return `${min}–${max} business days`;
}

let percent: Intl.NumberFormat | undefined;

/** A rate as a percentage: "8.25%", "10%". */
export function rateText(rate: number): string {
  percent ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
  return `${percent.format(rate)}%`;
}

/** Where a rate applies: "United States, TX", or the country alone. */
export function ratePlace(rate: Pick<TaxRate, 'country' | 'region'>): string {
  const country = countryName(rate.country);
  return rate.region ? `${country}, ${rate.region}` : country;
}
