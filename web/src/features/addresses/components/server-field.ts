import { ApiError } from '../../../lib/api-client.ts';

/** The address form's fields a refusal can name. */
export const ADDRESS_FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
  'taxId',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const isAddressField = (value: unknown): value is AddressField =>
  ADDRESS_FIELDS.includes(value as AddressField);

/**
 * The words that name each field in the server's messages ("Enter a valid ZIP code for the
 * United States"), tried in this order: the narrower words first, so a message about the postal
 * code "of the state" goes to the postal code, and "name" last of all.
 */
const WORDS: readonly (readonly [RegExp, AddressField])[] = [
  [/\b(postal ?code|zip( code)?|postcode)\b/i, 'postalCode'],
  [/\bphone\b/i, 'phone'],
  [/\b(tax id|vat)\b/i, 'taxId'],
  [/\b(second address line|address line 2|line 2)\b/i, 'line2'],
  [/\b(street|address line)\b/i, 'line1'],
  [/\b(state|region|province)\b/i, 'region'],
  [/\bcity\b/i, 'city'],
  [/\bcountry\b/i, 'country'],
  [/\bcompany\b/i, 'company'],
  [/\bname\b/i, 'name'],
];

/**
 * The field a refused save (400, 422) is about, or null when it names none the form shows: the
 * answer's `field` when the server sends one, else the field the schema check names
 * (`(body field "postalCode")`, server/src/plugins/error-handler.ts), else the words of the
 * message.
 */
export function fieldOfRefusal(error: unknown): AddressField | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return null;
  const body = error.body as { field?: unknown } | null | undefined;
  if (body && typeof body === 'object' && isAddressField(body.field)) return body.field;
  const named = /field "([A-Za-z0-9]+)"/.exec(error.message)?.[1];
  if (isAddressField(named)) return named;
  return WORDS.find(([words]) => words.test(error.message))?.[1] ?? null;
}
