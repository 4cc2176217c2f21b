const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars with two decimals: '$1,234.50'. The API sends money in dollars. */
export function formatDollars(amount: number): string {
  return usd.format(amount);
}
