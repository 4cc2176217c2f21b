// An order's money as every document and mail prints it (invoice and credit-note PDFs, order
// mails): one function makes the rows between the lines and the total, so they all say the same.

/** One sales tax rate applied to an order; `rate` a percentage (8.25). */
export interface OrderTaxLine {
  name: string;
  rate: number;
  amountCents: number;
}

/** An order's money in cents: `totalCents` = subtotal + shipping + tax (a CHECK holds it). */
export interface OrderMoney {
  /** The lines' sum. */
  subtotalCents: number;
  /** The method chosen, with its delivery days; null on the purchase page's orders and older ones. */
  shippingMethod: { name: string; minDays: number | null; maxDays: number | null } | null;
  shippingCents: number;
  taxes: OrderTaxLine[];
  /** All taxes together (the taxes' amounts add up to it). */
  taxCents: number;
  totalCents: number;
}

/** The money of an order that has no shipping or tax (a purchase, an order older than both). */
export const linesOnlyMoney = (totalCents: number): OrderMoney => ({
  subtotalCents: totalCents,
  shippingMethod: null,
  shippingCents: 0,
  taxes: [],
  taxCents: 0,
  totalCents,
});

/** A percentage as people write it: 8.25, 6, 7.125 (at most the rate's four decimals). */
export const formatRate = (rate: number) => `${Number(rate.toFixed(4))}%`;

/** "Texas sales tax (8.25%)". */
export const taxLabel = (tax: Pick<OrderTaxLine, 'name' | 'rate'>) =>
  `${tax.name} (${formatRate(tax.rate)})`;

/** "3–5 business days", "1 business day"; null when not known. */
export function deliveryDays(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  const low = min ?? max!;
  const high = max ?? min!;
  const span = low === high ? String(low) : `${low}–${high}`;
  return `${span} business ${high === 1 ? 'day' : 'days'}`;
}

export interface MoneyRow {
  label: string;
  cents: number;
}

/**
 * The rows between an order's lines and its total, as the web app's MoneySummary shows them:
 * Subtotal; Shipping with its method (and its delivery days when `withDays`), only when the
 * order has a method (the purchase page's orders and those from before shipping have none, and
 * no shipping row); one row per sales tax rate.
 */
export function moneyRows(money: OrderMoney, options: { withDays?: boolean } = {}): MoneyRow[] {
  const method = money.shippingMethod;
  const rows: MoneyRow[] = [{ label: 'Subtotal', cents: money.subtotalCents }];
  if (method) {
    const days = options.withDays ? deliveryDays(method.minDays, method.maxDays) : null;
    rows.push({
      label: `Shipping (${days ? `${method.name}, ${days}` : method.name})`,
      cents: money.shippingCents,
    });
  } else if (money.shippingCents !== 0) {
    rows.push({ label: 'Shipping', cents: money.shippingCents });
  }
  for (const tax of money.taxes) rows.push({ label: taxLabel(tax), cents: tax.amountCents });
  // Tax without its rates (never written so): still shown, never dropped from the sum.
  const itemised = money.taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
  if (money.taxCents !== itemised)
    rows.push({ label: 'Sales tax', cents: money.taxCents - itemised });
  return rows;
}
