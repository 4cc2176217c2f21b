import type { z } from 'zod';
import type { CheckoutPreview as PreviewSchema } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ShipTo } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  addressFromJson,
  formatAddress,
  ownAddressSql,
  toApiAddress,
} from '../addresses/service.ts';
import { readCartAndParts } from '../cart/repository.ts';
import { partsByIds } from '../parts/repository.ts';
import { priceOrder, type OrderMoney } from '../shipping/money.ts';
import { destinationOfAddress } from '../shipping/service.ts';

export type CheckoutPreview = z.output<typeof PreviewSchema>;

/** A line to price: its part, unit price (volume price or quoted) and quantity. */
export interface LineToPrice {
  partId: string;
  sku: string;
  name: string;
  image: string;
  unitCents: number;
  quantity: number;
}

/** Where and how an order ships: an entry of the buyer's address book, a method (or the cheapest). */
export interface Destination {
  addressId: string;
  shippingMethod?: string | undefined;
}

/**
 * An order as priced, for the statement that places it: the lines' sum it must find (else a
 * price changed in between and nothing is placed), the shipping and taxes to add, where it ships.
 */
export interface PricedOrder {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  shippingMethod: { id: string; name: string; minDays: number; maxDays: number } | null;
  taxes: { name: string; rate: number; amountCents: number }[];
  shipTo: ShipTo;
  /** The address as text (the order's `address`) and its phone (E.164). */
  address: string;
  phone: string;
  buyerTaxId: string | null;
  taxExemption: string | null;
}

const dollars = (cents: number) => cents / 100;

/**
 * Prices `lines` for the buyer shipped to `to` (decision 060): the address from their own book
 * (another's is not found), the destination's zone and its methods, its tax rates, the buyer's
 * exemption, and the parts' weights. A method that does not ship there is a 422 naming it. An
 * address no method ships to prices with shipping 0 and `shippable: false` (no order can be
 * placed to it).
 */
export async function priceLines(
  db: DbOrTx,
  buyerId: string,
  lines: LineToPrice[],
  to: Destination,
  /** The lines' parts' weights, when the caller has read them; else read here. */
  knownWeights?: ReadonlyMap<string, number>,
): Promise<{ preview: CheckoutPreview; priced: PricedOrder }> {
  const [place, weights] = await Promise.all([
    destinationFor(db, buyerId, to.addressId),
    knownWeights ??
      partsByIds(
        db,
        lines.map((line) => line.partId),
      ).then((parts) => new Map(parts.map((part) => [part.id, part.weightGrams]))),
  ]);
  return priceAt(lines, to, await place, weights);
}

/**
 * Where the buyer's order goes: their address (another's is not found), their tax exemption,
 * and the methods and tax rates of the address's zone, in one statement.
 */
async function destinationFor(db: DbOrTx, buyerId: string, addressId: string) {
  const place = await destinationOfAddress(db, buyerId, ownAddressSql(buyerId, addressId));
  if (!place.address)
    throw new HttpError(422, 'This address is not in your address book (addressId).');
  return {
    address: addressFromJson(place.address),
    exemption: place.exemption,
    destination: { methods: place.methods, rates: place.rates },
  };
}

/** The lines priced for a destination already read (priceOrder, then the API's shapes). */
function priceAt(
  lines: LineToPrice[],
  to: Destination,
  { address, exemption, destination }: Awaited<ReturnType<typeof destinationFor>>,
  weights: ReadonlyMap<string, number>,
): { preview: CheckoutPreview; priced: PricedOrder } {
  const chosen = to.shippingMethod ?? null;
  if (chosen && !destination.methods.some((method) => method.id === chosen)) {
    throw new HttpError(
      422,
      'This shipping method does not ship to this address: choose one of those offered (shippingMethod).',
    );
  }
  const money: OrderMoney = priceOrder({
    lines: lines.map((line) => ({
      unitCents: line.unitCents,
      quantity: line.quantity,
      weightGrams: weights.get(line.partId) ?? 0,
    })),
    methods: destination.methods,
    rates: destination.rates,
    exempt: exemption !== null,
    chosenId: chosen,
  });
  const option = (choice: NonNullable<OrderMoney['shipping']>) => ({
    id: choice.method.id,
    name: choice.method.name,
    price: dollars(choice.cents),
    days: { min: choice.method.minDays, max: choice.method.maxDays },
  });
  const shippable = money.shipping !== null;
  const shipTo: ShipTo = {
    name: address.name,
    company: address.company,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone,
    taxId: address.taxId,
  };
  return {
    preview: {
      lines: lines.map((line) => ({
        partId: line.partId,
        sku: line.sku,
        name: line.name,
        image: line.image,
        price: dollars(line.unitCents),
        quantity: line.quantity,
        total: dollars(line.unitCents * line.quantity),
      })),
      address: toApiAddress(address),
      subtotal: dollars(money.subtotalCents),
      shippingMethods: money.options.map(option),
      shippingMethod: money.shipping ? option(money.shipping) : null,
      shipping: dollars(money.shipping?.cents ?? 0),
      taxes: money.taxes.map((tax) => ({
        name: tax.name,
        rate: tax.rate,
        amount: dollars(tax.amountCents),
      })),
      total: dollars(money.totalCents),
      exemption,
      shippable,
      problem: shippable
        ? null
        : `We do not ship to ${shipTo.country} yet: choose another address, or ask us for a quote.`,
    },
    priced: {
      subtotalCents: money.subtotalCents,
      shippingCents: money.shipping?.cents ?? 0,
      taxCents: money.taxCents,
      totalCents: money.totalCents,
      shippingMethod: money.shipping
        ? {
            id: money.shipping.method.id,
            name: money.shipping.method.name,
            minDays: money.shipping.method.minDays,
            maxDays: money.shipping.method.maxDays,
          }
        : null,
      taxes: money.taxes,
      shipTo,
      address: formatAddress(address),
      phone: address.phone,
      buyerTaxId: address.taxId,
      taxExemption: exemption,
    },
  };
}

/**
 * The buyer's cart priced for a destination (POST /api/checkout/preview and the checkout): the
 * cart (with its parts' weights) and the destination are read side by side. `priceList`: the
 * buyer's company price list when the caller has read it (readCartAndParts).
 */
export async function priceCart(
  db: DbOrTx,
  buyerId: string,
  to: Destination,
  priceList?: { id: string | null },
) {
  const [{ cart, parts }, place] = await Promise.all([
    readCartAndParts(db, buyerId, priceList),
    destinationFor(db, buyerId, to.addressId),
  ]);
  return priceAt(
    cart.lines.map((line) => ({
      partId: line.partId,
      sku: line.sku,
      name: line.name,
      image: line.image,
      unitCents: Math.round(line.price * 100),
      quantity: line.quantity,
    })),
    to,
    place,
    new Map([...parts.values()].map((part) => [part.id, part.weightGrams])),
  );
}
