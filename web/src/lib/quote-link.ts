import { href } from 'react-router';

/** The quote request form with this part and quantity as its line (`?part=<id>&quantity=<n>`). */
export const quoteLink = (partId: string, quantity: number) =>
  `${href('/dashboard/quotes/new')}?${new URLSearchParams({ part: partId, quantity: String(quantity) })}`;
