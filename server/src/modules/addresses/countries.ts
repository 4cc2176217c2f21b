import { allCountries } from 'country-region-data';
// The library without its node entry, which registers all 80-odd languages: the shop names
// countries in English only (and the bundle then carries one language file).
import isoCountries from 'i18n-iso-countries/index.js';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Country } from '@partsmith/contract';

isoCountries.registerLocale(english);

/**
 * The countries whose shipping addresses must name their state, province or territory: their
 * postal address formats always carry it (a carrier's label for the US and Canada is refused
 * without it), and the library's codes there are the abbreviations people and carriers use
 * (TX, ON, NSW, SP, MH). Elsewhere the region may be given, but is not asked for: in Italy and
 * Japan, say, the library lists regions by ISO number, not the provinces an address names.
 */
export const REGION_REQUIRED: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'BR', 'IN']);

type Region = { code: string; name: string };

/**
 * Each country's regions from country-region-data, by ISO 3166-1 alpha-2 code: its ISO 3166-2
 * code without the country (some of the library's carry it: DK-84), upper case. The library
 * lists some places without a code (Puerto Rico's municipalities, Guernsey's parishes); those
 * cannot be chosen by code and are left out, and a country left with none has none to choose.
 */
const REGIONS: ReadonlyMap<string, Region[]> = new Map(
  allCountries.map(([, country, regions]) => [
    country,
    regions.flatMap(([name, raw]) => {
      // The built data writes a missing code as the text "undefined".
      if (!raw || raw === 'undefined') return [];
      const code = (raw.startsWith(`${country}-`) ? raw.slice(country.length + 1) : raw)
        .trim()
        .toUpperCase();
      return code ? [{ code, name }] : [];
    }),
  ]),
);

const ENGLISH_NAMES = isoCountries.getNames('en', { select: 'official' });

/** Whether `code` is an ISO 3166-1 alpha-2 country code (upper case). */
export const isCountry = (code: string): boolean => Object.hasOwn(ENGLISH_NAMES, code);

/**
 * The names people write on a label (Unicode CLDR's English, through Node's ICU): "United
 * States", "United Kingdom", "Taiwan", where ISO's official ones read "United States of America"
 * and "Taiwan, Province of China". The browser names countries the same way (Intl.DisplayNames).
 */
const DISPLAY = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The country's English name as people write it, or the code when unknown. */
export const countryName = (code: string): string =>
  isCountry(code) ? (DISPLAY.of(code) ?? ENGLISH_NAMES[code] ?? code) : code;

/** The regions a person may choose for the country (none: the country has none to choose). */
export const regionsOf = (country: string): Region[] => REGIONS.get(country) ?? [];

let countries: Country[] | undefined;
/** Every country, sorted by its English name, with its regions (made once: the data is fixed). */
export function countryList(): Country[] {
  countries ??= Object.keys(ENGLISH_NAMES)
    .map((code) => ({
      code,
      name: countryName(code),
      regions: regionsOf(code),
      regionRequired: REGION_REQUIRED.has(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countries;
}
