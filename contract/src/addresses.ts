import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { ADDRESS_LIMITS } from './address-lines.ts';

export { ADDRESS_LIMITS, MAX_ADDRESSES, addressLines, type AddressParts } from './address-lines.ts';

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `Keep the ${label.toLowerCase()} under ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label.toLowerCase()} under ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * POST /api/addresses and PUT /api/addresses/:id: one entry of the caller's address book. The
 * shapes are checked here; the server then checks the content with maintained libraries
 * (country: ISO 3166-1 alpha-2; region: ISO 3166-2 subdivision of that country, without the
 * country, required where the country has subdivisions we ship by (US, CA, AU...); postal code
 * by the country's format; phone: a valid number for the country, stored as E.164; tax ID: an EU
 * VAT number's format for EU countries) and answers 422 naming the field.
 */
export const AddressBody = z.object({
  name: text('Name', ADDRESS_LIMITS.name),
  company: optionalText('Company', ADDRESS_LIMITS.company),
  line1: text('Street address', ADDRESS_LIMITS.line),
  line2: optionalText('Second address line', ADDRESS_LIMITS.line),
  city: text('City', ADDRESS_LIMITS.city),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .max(6, 'Choose a state or region from the list')
    .nullish()
    .transform((value) => (value ? value : null)),
  postalCode: text('Postal code', ADDRESS_LIMITS.postalCode),
  country: z
    .string({ message: 'Country is Required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country from the list'),
  phone: text('Phone number', ADDRESS_LIMITS.phone),
  taxId: optionalText('Tax ID', ADDRESS_LIMITS.taxId),
  isDefault: z.boolean().optional(),
});
export type AddressBody = z.input<typeof AddressBody>;

/**
 * POST /api/addresses: a new address, with `shared: true` your company's (issue 49): every
 * member may ship to it, its owner and admins keep it. Only they may share one.
 */
export const NewAddressBody = AddressBody.extend({ shared: z.boolean().optional() });
export type NewAddressBody = z.input<typeof NewAddressBody>;

/** An address book entry as the API answers it (phone in E.164, codes upper case). */
export const Address = z.object({
  _id: Id,
  name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  taxId: z.string().nullable(),
  isDefault: z.boolean(),
  /**
   * Only on your company's addresses (issue 49), shared by its members: the company's id and
   * name, and whether you may change or delete it (its owner and admins). `isDefault` is then
   * the company's default. Absent on your own addresses.
   */
  companyId: Id.optional(),
  companyName: z.string().optional(),
  editable: z.boolean().optional(),
});
export type Address = z.input<typeof Address>;
export const AddressList = z.array(Address);

/** A country the address form offers, with its regions (empty: the country has none to pick). */
export const Country = z.object({
  code: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Whether a region must be given for this country. */
  regionRequired: z.boolean(),
});
export type Country = z.input<typeof Country>;
export const CountryList = z.array(Country);
