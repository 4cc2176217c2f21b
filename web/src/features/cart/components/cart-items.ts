import type { Cart } from '@partsmith/contract';
import { quantityMessage } from '@partsmith/contract/constants';
// From their own file: '@partsmith/contract' would load every zod schema with the page.
import { centsPricing, unitPriceCents, type PriceBreakDollars } from '@partsmith/contract/pricing';
import { ApiError } from '../../../lib/api-client.ts';
import type { PartAnswer } from '../api/get-cart-parts.ts';
import type { LocalLine } from '../api/local-cart.ts';

/**
 * A line as the cart page shows it, whoever's cart it is: the server's line (signed in) or a
 * visitor's line priced from the catalogue with the same pricing functions the server uses.
 */
export interface CartItem {
  partId: string;
  /** 'loading': the visitor's part is on its way; 'gone': it left the catalogue; 'error': it could not be read. */
  state: 'ready' | 'loading' | 'gone' | 'error';
  name: string;
  image: string;
  /** The unit price for this quantity (volume prices apply), in dollars. */
  price: number;
  /** The part's unit price before volume prices, in dollars. */
  basePrice: number;
  /** The quantity the applied volume price starts at; null when the base price applies. */
  volumeFrom: number | null;
  quantity: number;
  /** price x quantity, in dollars. */
  total: number;
  min: number;
  stock: number;
  /** Why the line cannot be bought as it stands, else null. */
  problem: string | null;
}

/** The quantity the volume price that applies starts at (null: the base price applies). */
function volumeFrom(
  part: { price: number; priceBreaks: readonly PriceBreakDollars[] },
  quantity: number,
): number | null {
  const pricing = centsPricing(part);
  const unit = unitPriceCents(pricing, quantity);
  if (unit >= pricing.priceCents) return null;
  return Math.max(
    ...pricing.priceBreaks
      .filter((b) => b.minQuantity <= quantity && b.priceCents === unit)
      .map((b) => b.minQuantity),
  );
}

/** Why a quantity of a part cannot be bought now: the server's rules and words for its cart lines. */
export function lineProblem(quantity: number, min: number, stock: number): string | null {
  if (stock < min) return 'This part is out of stock.';
  if (quantity < min || quantity > stock) return quantityMessage(min, stock);
  return null;
}

/** The server's cart lines (GET /api/cart), as the page shows them. */
export function serverItems(cart: Cart): CartItem[] {
  return cart.lines.map((line) => ({
    partId: line.partId,
    state: 'ready',
    name: line.name,
    image: line.image,
    price: line.price,
    basePrice: line.basePrice,
    volumeFrom: volumeFrom(
      { price: line.basePrice, priceBreaks: line.priceBreaks ?? [] },
      line.quantity,
    ),
    quantity: line.quantity,
    total: line.total,
    min: line.minOrderQuantity,
    stock: line.availableQuantity,
    problem: line.problem,
  }));
}

/** What a visitor's line shows before (or without) its part. */
const placeholder = (
  line: LocalLine,
  state: CartItem['state'],
  problem: string | null,
): CartItem => ({
  partId: line.partId,
  state,
  name:
    state === 'gone'
      ? 'A part no longer in the catalogue'
      : state === 'error'
        ? 'A part we could not load'
        : 'Loading the part',
  image: '',
  price: 0,
  basePrice: 0,
  volumeFrom: null,
  quantity: line.quantity,
  total: 0,
  min: 1,
  stock: 0,
  problem,
});

/** A visitor's line, priced from its part as the catalogue answered (undefined: on its way). */
export function visitorItem(line: LocalLine, part: PartAnswer | undefined): CartItem {
  if (part?.data) {
    const cents = unitPriceCents(centsPricing(part.data), line.quantity);
    return {
      partId: line.partId,
      state: 'ready',
      name: part.data.name,
      image: part.data.image,
      price: cents / 100,
      basePrice: part.data.price,
      volumeFrom: volumeFrom(part.data, line.quantity),
      quantity: line.quantity,
      total: (cents * line.quantity) / 100,
      min: part.data.minOrderQuantity,
      stock: part.data.availableQuantity,
      problem: lineProblem(line.quantity, part.data.minOrderQuantity, part.data.availableQuantity),
    };
  }
  if (!part) return placeholder(line, 'loading', null);
  // A malformed id (400) is as unknown as a deleted part (404).
  const gone =
    part.error instanceof ApiError && (part.error.status === 404 || part.error.status === 400);
  return gone
    ? placeholder(line, 'gone', 'This part is not in our catalogue any more.')
    : placeholder(
        line,
        'error',
        part.error instanceof ApiError ? part.error.message : 'We could not load this part.',
      );
}

/** The total of the lines that are priced, in dollars (summed in cents: no binary noise). */
export const totalOf = (items: readonly CartItem[]) =>
  items.reduce((sum, item) => sum + Math.round(item.total * 100), 0) / 100;
