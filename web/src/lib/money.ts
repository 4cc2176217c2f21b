import { SHOP_MONEY } from '../config/shop.ts';

let dollars: Intl.NumberFormat | undefined;

/**
 * Dollars with two decimals: '$1,234.50', '-$3.00', and '$0.00' (no minus) for an amount that
 * rounds to zero. The API sends money in dollars. The formatter is made on first use, not when
 * a page's modules load.
 */
export function formatDollars(amount: number): string {
  dollars ??= new Intl.NumberFormat(SHOP_MONEY.locale, {
    style: 'currency',
    currency: SHOP_MONEY.currency,
    signDisplay: 'negative',
  });
  return dollars.format(amount);
}
