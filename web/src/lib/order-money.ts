import type { Order } from '@partsmith/contract';
import type { MoneyFigures } from '../components/ui/money-summary.tsx';

// An order's money as its page and its payment page show it (MoneySummary), from the order's
// answer: the same figures as its invoice and its mails.

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The order's lines' sum: its `subtotal`, or, from a server older than shipping and tax, its
 * total less the shipping and taxes it names (both none there).
 */
export function orderSubtotal(order: Order): number {
  if (order.subtotal !== undefined) return order.subtotal;
  const extra =
    cents(order.shipping ?? 0) + (order.taxes ?? []).reduce((s, t) => s + cents(t.amount), 0);
  return (cents(order.total) - extra) / 100;
}

/** Subtotal, shipping (its method and delivery days), each tax, the total and any exemption. */
export function orderMoney(order: Order): MoneyFigures {
  return {
    subtotal: orderSubtotal(order),
    shipping: order.shipping ?? 0,
    shippingMethod: order.shippingMethod ?? null,
    taxes: order.taxes ?? [],
    total: order.total,
    exemption: order.taxExemption ?? null,
  };
}

/**
 * Whether the order has more to show than its lines and total: a shipping method, a sales tax or
 * a tax exemption (the purchase page's orders and older ones have none of them).
 */
export const hasMoneyDetails = (order: Order) =>
  Boolean(order.shippingMethod) ||
  (order.taxes?.length ?? 0) > 0 ||
  Boolean(order.taxExemption) ||
  (order.shipping ?? 0) !== 0;
