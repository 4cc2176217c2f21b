import {
  ShippingMethodBody,
  ShippingZoneBody,
  TaxExemptionBody,
  TaxRateBody,
} from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { codesOf } from './shipping-text.ts';

/**
 * The Shipping page's forms as their controls hold them (text as typed), each turned into the
 * contract's body and checked by it: the server's own rules and messages. Loaded with zod when a
 * form is first focused or checked (lazyZodResolver), not with the page.
 */

/** An empty box is "not given": the contract's default, or its required message. */
const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The zone form: countries and regions as typed lists ("US, CA"), the position as typed. */
export const ZoneFields = z
  .object({
    name: z.string(),
    countries: z.string(),
    regions: z.string(),
    position: z.string(),
  })
  .transform(({ name, countries, regions, position }): z.input<typeof ShippingZoneBody> => ({
    name,
    countries: codesOf(countries),
    regions: codesOf(regions),
    position: given(position),
  }))
  .pipe(ShippingZoneBody);
export type ZoneFields = z.input<typeof ZoneFields>;

/**
 * The method form: the amounts as typed. A flat rate charges nothing per kilogram (its box is
 * hidden, whatever it held); an empty "free above" is never free.
 */
export const MethodFields = z
  .object({
    name: z.string(),
    kind: z.enum(['flat', 'weight']),
    price: z.string(),
    perKg: z.string(),
    freeAbove: z.string(),
    minDays: z.string(),
    maxDays: z.string(),
  })
  .transform(
    ({
      kind,
      price,
      perKg,
      freeAbove,
      minDays,
      maxDays,
      name,
    }): z.input<typeof ShippingMethodBody> => ({
      name,
      kind,
      price: given(price),
      perKg: kind === 'weight' ? given(perKg) : 0,
      freeAbove: given(freeAbove) ?? null,
      minDays: given(minDays),
      maxDays: given(maxDays),
    }),
  )
  .pipe(ShippingMethodBody);
export type MethodFields = z.input<typeof MethodFields>;

/** The tax rate form: the rate as typed, an empty region the whole country. */
export const TaxRateFields = z
  .object({
    country: z.string(),
    region: z.string(),
    name: z.string(),
    rate: z.string(),
    shippingTaxed: z.boolean(),
  })
  .transform(({ country, region, name, rate, shippingTaxed }): z.input<typeof TaxRateBody> => ({
    country,
    region: given(region) ?? null,
    name,
    rate: given(rate),
    shippingTaxed,
  }))
  .pipe(TaxRateBody);
export type TaxRateFields = z.input<typeof TaxRateFields>;

/** The exemption form: the contract's body as it is (two text boxes). */
export const TaxExemptionFields = TaxExemptionBody;
