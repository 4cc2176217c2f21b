import { allCountries } from 'country-region-data';
// The library without its node entry, which registers every language: only the codes are read.
import isoCountries from 'i18n-iso-countries/index.js';
import { HttpError } from '../../lib/http-errors.ts';

// The contract checks the codes' shapes (US, US-AK, TX); here they are checked against the
// maintained lists: countries by ISO 3166-1 (i18n-iso-countries), regions by the list the
// address form offers (country-region-data), so that a zone or rate names a place a customer's
// address can have. A typo would otherwise never match and go unnoticed.

const COUNTRIES: ReadonlySet<string> = new Set(Object.keys(isoCountries.getAlpha2Codes()));

/**
 * Each country's region codes as an address stores them (addresses/countries.ts reads the same
 * list the same way): without the country (some of the library's codes carry it: DK-84), upper
 * case, leaving out the places it lists without a code (written as the text "undefined").
 */
const REGIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  allCountries.map(([, country, regions]) => [
    country as string,
    new Set(
      regions.flatMap(([, raw]) => {
        if (!raw || raw === 'undefined') return [];
        const code = (raw.startsWith(`${country}-`) ? raw.slice(country.length + 1) : raw)
          .trim()
          .toUpperCase();
        return code ? [code] : [];
      }),
    ),
  ]),
);

const isCountry = (code: string) => COUNTRIES.has(code);

const unknownPlace = (message: string, field: string) =>
  new HttpError(422, `${message} (body field "${field}")`);

/** 422 naming the first code that is not an ISO 3166-1 alpha-2 country. */
export function checkCountry(code: string, field = 'country') {
  if (!isCountry(code))
    throw unknownPlace(`"${code}" is not a country's ISO 3166-1 two-letter code`, field);
}

/** 422 naming the region code (without the country) that the country does not have. */
export function checkRegion(country: string, region: string, field = 'region') {
  if (!REGIONS.get(country)?.has(region))
    throw unknownPlace(`"${region}" is not a region of ${country}`, field);
}

/** A zone's places: every country known and every `US-AK` a region of a known country. */
export function checkZonePlaces(zone: { countries: string[]; regions: string[] }) {
  zone.countries.forEach((code, i) => checkCountry(code, `countries.${i}`));
  zone.regions.forEach((place, i) => {
    const [country = '', region = ''] = place.split('-');
    checkCountry(country, `regions.${i}`);
    if (!REGIONS.get(country)?.has(region))
      throw unknownPlace(`"${place}" is not a region of ${country}`, `regions.${i}`);
  });
}
