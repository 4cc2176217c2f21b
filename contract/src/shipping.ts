import * as z from './zod-subset.ts';
import { Id } from './common.ts';

/** Money given in dollars by a form or a client: at most two decimals, not negative. */
const Dollars = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
      message: `${label} has at most two decimals (cents)`,
    });

const Days = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(365, `${label} is at most 365`);

/** A zone's places: ISO 3166-1 alpha-2 countries, and regions as `US-AK`. */
const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A country is its two-letter ISO code (US, DE)');
const RegionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'A region is written as country-region (US-AK)');

/** POST /api/shipping-zones and PUT /api/shipping-zones/:id (admins). */
export const ShippingZoneBody = z.object({
  name: z.string().trim().min(1, 'Name is Required').max(80, 'Keep the name under 80 characters'),
  /** Empty with no regions: the rest of the world (every destination no other zone holds). */
  countries: z.array(CountryCode).max(250).default([]),
  regions: z.array(RegionCode).max(500).default([]),
  position: z.coerce.number().int().min(0).max(1000).optional(),
});
export type ShippingZoneBody = z.input<typeof ShippingZoneBody>;

export const ShippingMethodKind = z.enum(['flat', 'weight']);

/** POST /api/shipping-zones/:id/methods and PUT /api/shipping-methods/:id (admins). */
export const ShippingMethodBody = z
  .object({
    name: z.string().trim().min(1, 'Name is Required').max(60, 'Keep the name under 60 characters'),
    /** flat: `price` per order; weight: `price` plus `perKg` for every started kilogram. */
    kind: ShippingMethodKind.default('flat'),
    price: Dollars('Price'),
    perKg: Dollars('Price per kg').default(0),
    /** Free when the order's subtotal reaches this (dollars); null: never free. */
    freeAbove: Dollars('Free above').nullish(),
    minDays: Days('Fastest delivery'),
    maxDays: Days('Slowest delivery'),
    position: z.coerce.number().int().min(0).max(1000).optional(),
  })
  .refine((method) => method.maxDays >= method.minDays, {
    message: 'The slowest delivery cannot be faster than the fastest',
    path: ['maxDays'],
  });
export type ShippingMethodBody = z.input<typeof ShippingMethodBody>;

/** Delivery time in business days. */
export const DeliveryDays = z.object({ min: z.number().int(), max: z.number().int() });

export const ShippingMethod = z.object({
  _id: Id,
  zoneId: Id,
  name: z.string(),
  kind: ShippingMethodKind,
  price: z.number(),
  perKg: z.number(),
  freeAbove: z.number().nullable(),
  days: DeliveryDays,
  position: z.number().int(),
});
export type ShippingMethod = z.input<typeof ShippingMethod>;

export const ShippingZone = z.object({
  _id: Id,
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  position: z.number().int(),
  methods: z.array(ShippingMethod),
});
export type ShippingZone = z.input<typeof ShippingZone>;
export const ShippingZoneList = z.array(ShippingZone);

/** POST /api/tax-rates and PUT /api/tax-rates/:id (admins). */
export const TaxRateBody = z.object({
  country: CountryCode,
  /** A region of the country without the country (TX); null or left out: the whole country. */
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'A region is its ISO 3166-2 code without the country (TX)')
    .nullish()
    .transform((value) => value ?? null),
  name: z.string().trim().min(1, 'Name is Required').max(80, 'Keep the name under 80 characters'),
  /** A percentage: 8.25. */
  rate: z.coerce
    .number({ message: 'Rate must be a number' })
    .min(0, 'Rate cannot be negative')
    .max(100, 'Rate is at most 100%')
    .refine((value) => Number(value.toFixed(4)) === value, {
      message: 'Rate has at most four decimals',
    }),
  shippingTaxed: z.boolean().default(false),
});
export type TaxRateBody = z.input<typeof TaxRateBody>;

export const TaxRate = z.object({
  _id: Id,
  country: z.string(),
  region: z.string().nullable(),
  name: z.string(),
  rate: z.number(),
  shippingTaxed: z.boolean(),
});
export type TaxRate = z.input<typeof TaxRate>;
export const TaxRateList = z.array(TaxRate);

/** PUT /api/users/:email/tax-exemption (admins): the customer buys without sales tax. */
export const TaxExemptionBody = z.object({
  certificate: z
    .string({ message: 'Certificate is Required' })
    .trim()
    .min(2, 'Give the certificate or resale number')
    .max(60, 'Keep the certificate under 60 characters'),
  note: z.string().trim().max(300, 'Keep the note under 300 characters').default(''),
});
export type TaxExemptionBody = z.input<typeof TaxExemptionBody>;

export const TaxExemption = z.object({
  email: z.string(),
  certificate: z.string(),
  note: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type TaxExemption = z.input<typeof TaxExemption>;

/** One way to ship a checkout, priced for it. */
export const ShippingOption = z.object({
  id: Id,
  name: z.string(),
  /** What it costs this order, in dollars (0 when the order is above its free threshold). */
  price: z.number(),
  days: DeliveryDays,
});
export type ShippingOption = z.input<typeof ShippingOption>;

/** One sales tax rate applied to an order: `rate` a percentage, `amount` in dollars. */
export const TaxLine = z.object({ name: z.string(), rate: z.number(), amount: z.number() });
export type TaxLine = z.input<typeof TaxLine>;
