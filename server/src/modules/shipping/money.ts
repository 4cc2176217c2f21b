/**
 * What an order comes to: its lines, the shipping charge and the sales tax, in integer cents,
 * with one rounding rule (decision 060). Pure: the checkout's preview, the checkout itself and
 * an accepted quote's order all price through `priceOrder`, and the property tests hold it to
 * "subtotal + shipping + taxes = total, to the cent".
 */

/** A line as priced: its unit price for its quantity (volume prices applied), and its weight. */
export interface PricedLine {
  unitCents: number;
  quantity: number;
  /** The part's shipping weight per unit, in grams (0 when not given). */
  weightGrams: number;
}

/** A shipping method of the destination's zone (see shipping_methods). */
export interface MethodRule {
  id: string;
  name: string;
  kind: 'flat' | 'weight';
  priceCents: number;
  perKgCents: number;
  freeAboveCents: number | null;
  minDays: number;
  maxDays: number;
}

/** A sales tax rate that applies to the destination (see tax_rates). */
export interface RateRule {
  name: string;
  /** A percentage with at most four decimals: 8.25. */
  rate: number;
  shippingTaxed: boolean;
}

export interface ShippingChoice {
  method: MethodRule;
  cents: number;
}

export interface TaxCharge {
  name: string;
  rate: number;
  amountCents: number;
}

export interface OrderMoney {
  subtotalCents: number;
  /** Every method of the zone, priced for this order, cheapest first (ties: the zone's order). */
  options: ShippingChoice[];
  /** The method chosen (or the cheapest); null when none ships there. */
  shipping: ShippingChoice | null;
  taxes: TaxCharge[];
  taxCents: number;
  totalCents: number;
}

/** A rate as an integer: percent x 10,000 (8.25% is 82,500; 100% is 1,000,000). */
export const rateUnits = (rate: number) => Math.round(rate * 10_000);

/**
 * A tax on `baseCents` at `rate` percent, rounded to the cent half up (amounts are never
 * negative, so half up is half away from zero). Exact in integers: BigInt keeps the product of a
 * large base and a rate from losing digits.
 */
export function taxOn(baseCents: number, rate: number): number {
  const product = BigInt(baseCents) * BigInt(rateUnits(rate));
  return Number((product + 500_000n) / 1_000_000n);
}

/** A method's charge for an order of this subtotal and weight. */
export function shippingCharge(method: MethodRule, subtotalCents: number, grams: number): number {
  if (method.freeAboveCents !== null && subtotalCents >= method.freeAboveCents) return 0;
  if (method.kind === 'flat') return method.priceCents;
  // Every started kilogram counts; an order with no weight given pays the base price.
  return method.priceCents + Math.ceil(grams / 1000) * method.perKgCents;
}

/**
 * Prices an order: the subtotal (each line's unit price times its quantity), the shipping by the
 * chosen method (`chosenId`; the cheapest when null or not one of `methods`: the caller checks a
 * given id first), and each tax rate on the subtotal plus, where the rate says so, the shipping,
 * each rounded on its own. An exempt buyer pays no tax. The total is the sum of those parts.
 */
export function priceOrder(input: {
  lines: readonly PricedLine[];
  methods: readonly MethodRule[];
  rates: readonly RateRule[];
  exempt: boolean;
  chosenId?: string | null;
}): OrderMoney {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const grams = input.lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const options = input.methods
    .map((method) => ({ method, cents: shippingCharge(method, subtotalCents, grams) }))
    // A stable sort: equal prices keep the zone's own order.
    .sort((a, b) => a.cents - b.cents);
  const shipping =
    options.find((option) => option.method.id === input.chosenId) ?? options[0] ?? null;
  const shippingCents = shipping?.cents ?? 0;
  const taxes = input.exempt
    ? []
    : input.rates
        .filter((rate) => rate.rate > 0)
        .map((rate) => ({
          name: rate.name,
          rate: rate.rate,
          amountCents: taxOn(subtotalCents + (rate.shippingTaxed ? shippingCents : 0), rate.rate),
        }));
  const taxCents = taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
  return {
    subtotalCents,
    options,
    shipping,
    taxes,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}
