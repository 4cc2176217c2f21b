import type { Cart } from '@partsmith/contract';
// From their own file: '@partsmith/contract' would load every zod schema with the page.
import { centsPricing, unitPriceCents, type PriceBreakDollars } from '@partsmith/contract/pricing';

/** A line as the cart page shows it (the server's line, GET /api/cart). */
export interface CartItem {
  partId: string;
  /** The part number. */
  sku: string;
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

/** The server's cart lines (GET /api/cart), as the page shows them. */
export function serverItems(cart: Cart): CartItem[] {
  return cart.lines.map((line) => ({
    partId: line.partId,
    sku: line.sku,
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

/** Units in the cart. */
export const unitsOf = (items: readonly { quantity: number }[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);
