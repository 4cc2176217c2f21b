// Money as the shop shows it: US dollars with two decimals, '$1,234.50'. Written out rather than
// with Intl.NumberFormat: the first Intl formatter a page makes loads the locale's data, ~10 ms
// of main thread on a fast desktop, most of the app's start-up (docs/decisions/024). money.test.ts
// checks this against Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).

/** Dollars with two decimals: '$1,234.50', '-$3.00'. The API sends money in dollars. */
export function formatDollars(amount: number): string {
  if (!Number.isFinite(amount)) return Number.isNaN(amount) ? '$NaN' : amount > 0 ? '$∞' : '-$∞';
  // Like Intl, round the number's shortest decimal form ('0.015', not the binary 0.01499...)
  // half away from zero. The form has an exponent below 1e-6 (0.00) and from 1e21 (a whole number).
  const size = Math.abs(amount);
  const decimal = size < 1e-6 ? '0' : size >= 1e21 ? BigInt(size).toString() : size.toString();
  const [whole = '0', fraction = ''] = decimal.split('.');
  const roundUp = (fraction[2] ?? '0') >= '5';
  const cents = (BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1n : 0n))
    .toString()
    .padStart(3, '0');
  const dollars = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 && /[1-9]/.test(cents) ? '-' : '';
  return `${sign}$${dollars}.${cents.slice(-2)}`;
}
