const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as the shop writes money in mails, documents and messages: $1,234.50. */
export const formatUsd = (cents: number) => usd.format(cents / 100);
