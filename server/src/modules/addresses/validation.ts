import { checkVAT, countries as vatCountries, type Country as VatCountry } from 'jsvat';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { AddressBody } from '@partsmith/contract';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { countryName, isCountry, REGION_REQUIRED, regionsOf } from './countries.ts';

/** An address as the contract has shaped it (trimmed, codes upper case, empty optionals null). */
export type AddressInput = z.output<typeof AddressBody>;
/** What is stored: the same, with the phone in E.164 and the tax ID normalised. */
export type CheckedAddress = Omit<AddressInput, 'isDefault'>;

const unprocessable = (message: string) => new HttpError(422, message);

/**
 * Where a tax ID is checked as a VAT number, by jsvat: the 27 member states of the European
 * Union, and the United Kingdom, Switzerland and Norway, whose VAT numbers jsvat knows as well.
 * (jsvat also knows Brazil's, Russia's, Serbia's and Andorra's tax numbers; a tax ID there is
 * taken as written, like anywhere else.)
 */
const VAT_COUNTRY_CODES = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  ...['GB', 'CH', 'NO'],
]);

/** jsvat's rules for each country above, by its alpha-2 code (jsvat's first code). */
const VAT_RULES: ReadonlyMap<string, VatCountry> = new Map(
  vatCountries
    .filter((country) => VAT_COUNTRY_CODES.has(country.codes[0]!))
    .map((country) => [country.codes[0]!, country]),
);

/**
 * The prefix a country's VAT numbers start with, as jsvat's pattern writes it: mostly the
 * country's code, but EL for Greece and CHE for Switzerland.
 */
function vatPrefix(country: VatCountry): string {
  for (const pattern of country.rules.regex) {
    const prefix = /^\^\(([A-Z]+)\)/.exec(pattern.source)?.[1];
    if (prefix) return prefix;
  }
  return country.codes[0]!;
}

/** A tax ID outside the VAT countries: letters, digits and the usual separators. */
const OTHER_TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/**
 * The tax ID as stored: a VAT number upper case without separators, with its country's prefix
 * whether or not it was written (DE136695976, ATU13585627, EL094259216); elsewhere as written.
 */
function checkedTaxId(taxId: string, country: string): string {
  const rules = VAT_RULES.get(country);
  if (!rules) {
    if (!OTHER_TAX_ID.test(taxId))
      throw unprocessable(
        `Tax ID ${taxId} may hold only letters, digits, spaces, dashes, dots and slashes`,
      );
    return taxId;
  }
  const prefix = vatPrefix(rules);
  const bare = taxId.toUpperCase().replace(/[\s.\-/]+/g, '');
  // Written with the country's own code where the VAT prefix differs (GR for EL, CH for CHE).
  const prefixed = bare.startsWith(prefix)
    ? bare
    : bare.startsWith(country)
      ? prefix + bare.slice(country.length)
      : prefix + bare;
  const result = checkVAT(prefixed, [rules]);
  if (!result.isValid || !result.value)
    throw unprocessable(
      `Tax ID ${taxId} is not a valid VAT number for ${countryName(country)} (such as ${prefix}123456789)`,
    );
  return result.value;
}

/** The phone number in E.164 (+15125550147), read as a number of the address's country unless it starts with +. */
function checkedPhone(phone: string, country: string): string {
  const parsed = parsePhoneNumberFromString(
    phone,
    isSupportedCountry(country) ? country : undefined,
  );
  if (!parsed?.isValid())
    throw unprocessable(
      phone.trimStart().startsWith('+')
        ? `Phone number ${phone} is not a valid phone number`
        : `Phone number ${phone} is not a valid phone number for ${countryName(country)} (a number elsewhere starts with + and its country code)`,
    );
  return parsed.number;
}

/**
 * Checks an address's content with maintained libraries and answers it as it is stored; the
 * first wrong field answers 422 naming it. Country: ISO 3166-1 alpha-2 (i18n-iso-countries).
 * Region: one of the country's (country-region-data), required where REGION_REQUIRED says.
 * Postal code: the country's format (postcode-validator), where it knows one. Phone: a valid
 * number (libphonenumber-js, full metadata), stored in E.164. Tax ID: a VAT number's format and
 * check digits in the VAT countries (jsvat).
 */
export function checkAddress(body: AddressInput): CheckedAddress {
  const { isDefault: _isDefault, ...address } = body;
  const { country } = address;
  if (!isCountry(country))
    throw unprocessable(`Country ${country} is not a country code we know (such as US or DE)`);
  const name = countryName(country);

  const regions = regionsOf(country);
  if (address.region) {
    if (regions.length === 0)
      throw unprocessable(`Region ${address.region}: ${name} has no regions to choose from`);
    if (!regions.some((r) => r.code === address.region))
      throw unprocessable(`Region ${address.region} is not a region of ${name}`);
  } else if (REGION_REQUIRED.has(country)) {
    throw unprocessable(`Region is Required for an address in ${name}`);
  }

  // Upper case, one space: how every country that has letters in its codes writes them (SW1A 1AA).
  const postalCode = address.postalCode.replace(/\s+/g, ' ').toUpperCase();
  if (postcodeValidatorExistsForCountry(country) && !postcodeValidator(postalCode, country))
    throw unprocessable(`Postal code ${postalCode} is not a valid postal code for ${name}`);

  return {
    ...address,
    postalCode,
    phone: checkedPhone(address.phone, country),
    taxId: address.taxId === null ? null : checkedTaxId(address.taxId, country),
  };
}
