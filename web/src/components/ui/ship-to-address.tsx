import type { Order } from '@partsmith/contract';
import { readablePhone } from '../../lib/readable-phone.ts';
import { LabelLines } from './label-lines.tsx';

type ShipTo = Pick<Order, 'shipToLines' | 'address' | 'phone' | 'userName' | 'shippingMethod'>;

/**
 * Where an order ships, as a label reads: an address book entry's lines (the recipient first, in
 * bold), else the buyer's name and the address they typed; then the phone, as people write it.
 */
export function ShipToAddress({ order }: { order: ShipTo }) {
  const lines = order.shipToLines ?? [
    // A typed address names no recipient (an order shipped by a method names it in its lines).
    ...(order.shippingMethod ? [] : [order.userName]),
    order.address,
  ];
  return (
    <address className="break-words text-slate-900 not-italic">
      <LabelLines lines={lines} strongFirst={lines.length > 1} />{' '}
      <span className="block">{readablePhone(order.phone)}</span>
    </address>
  );
}
