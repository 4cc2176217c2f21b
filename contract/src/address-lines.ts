// An address's lines and its fields' lengths, without zod: the web app's address book and
// checkout import them from '@partsmith/contract/address-lines' and load no schema for them.

/** What an address's lines are made of (an address book entry, an order's ship-to). */
export interface AddressParts {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
}

/** The fields' longest lengths (the form's maxLength and the API's 422). */
export const ADDRESS_LIMITS = {
  name: 100,
  company: 100,
  line: 120,
  city: 80,
  postalCode: 16,
  phone: 30,
  taxId: 20,
} as const;

/** How many addresses one account's address book holds at most (a 422 past it). */
export const MAX_ADDRESSES = 20;

/**
 * An address as lines for people (labels, mails, invoices): name, company, street, city line,
 * country. `countryName` turns the code into a name (the server and the web app each have theirs).
 */
export function addressLines(
  address: AddressParts,
  countryName: (code: string) => string = (code) => code,
): string[] {
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    cityLine,
    countryName(address.country),
  ].filter((line): line is string => Boolean(line));
}
