import type { Order, OrderLine } from '@partsmith/contract';
import { linesOf } from '@partsmith/contract/order-views';
import { formatDollars } from '../../../lib/money.ts';
import { hasMoneyDetails, orderMoney } from '../../../lib/order-money.ts';
import { MoneySummary } from '../../../components/ui/money-summary.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { ShipToAddress } from '../../../components/ui/ship-to-address.tsx';

export const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/** The parts of an order of several: each one's quantity, unit price and amount. */
function OrderLines({ lines }: { lines: OrderLine[] }) {
  return (
    <ul aria-label="The parts of this order" className="flex flex-col divide-y divide-slate-200">
      {lines.map((line, index) => (
        <li key={`${line.partId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
          <ResponsiveImage
            src={line.image}
            alt=""
            width={48}
            height={48}
            sizes="48px"
            className="h-12 w-12 shrink-0 rounded-lg bg-slate-50 object-contain p-1 ring-1 ring-slate-200"
          />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-slate-900">{line.name}</p>
            {line.sku && (
              <p className="text-sm text-slate-700">
                Part no. <span className="font-mono text-slate-900">{line.sku}</span>
              </p>
            )}
            <p className="text-sm text-slate-700 tabular-nums">
              {line.quantity} × {formatDollars(line.price)}
            </p>
          </div>
          <p className="font-semibold text-slate-900 tabular-nums">{formatDollars(line.total)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Greeting, name, description, quantity and 'Please pay: $' the total; an order of several parts
 * lists them; where it ships. An order shipped by a method, or taxed, shows how its total adds
 * up (subtotal, shipping, each tax: its invoice's figures).
 */
export function OrderSummary({ order, paid }: { order: Order; paid: boolean }) {
  const lines = linesOf(order);
  return (
    <section aria-labelledby="summary-heading" className={`${CARD} overflow-hidden`}>
      <div className="flex items-center gap-4 border-b border-slate-200 bg-slate-50 p-5 sm:p-6">
        <ResponsiveImage
          src={order.image}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          className="h-20 w-20 shrink-0 rounded-lg bg-white object-contain p-2 ring-1 ring-slate-200 sm:h-24 sm:w-24"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">
            Order summary
          </p>
          <h2 id="summary-heading" className="text-xl font-bold break-words text-slate-900">
            {order.name}
          </h2>
          <p className="text-sm text-slate-700">
            Order <span className="font-mono font-semibold text-slate-900">{order.number}</span>
          </p>
          <span
            className={`badge mt-2 font-semibold ${
              paid
                ? 'border-green-300 bg-green-100 text-green-900'
                : 'border-orange-300 bg-orange-100 text-orange-900'
            }`}
          >
            {paid ? 'Paid' : 'Unpaid'}
          </span>
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <p className="leading-relaxed text-slate-700">{order.description}</p>
        {lines.length > 1 && <OrderLines lines={lines} />}
        <dl className="grid grid-cols-2 gap-3 text-slate-700">
          <div className="rounded-lg bg-slate-100 px-4 py-3">
            <dt className="text-sm">Quantity</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{order.quantity}</dd>
          </div>
          {/* Several parts have several unit prices: each line shows its own. */}
          {lines.length === 1 && (
            <div className="rounded-lg bg-slate-100 px-4 py-3">
              <dt className="text-sm">Unit price</dt>
              <dd className="text-lg font-bold text-slate-900 tabular-nums">
                {formatDollars(order.price)}
              </dd>
            </div>
          )}
        </dl>
        {hasMoneyDetails(order) && (
          <section aria-label="How the total adds up">
            <MoneySummary money={orderMoney(order)} totalLabel="Order total" />
          </section>
        )}
        <section aria-labelledby="payment-ship-heading" className="text-slate-700">
          <h3 id="payment-ship-heading" className="mb-1 font-semibold text-slate-900">
            Ship to
          </h3>
          <ShipToAddress order={order} />
          {order.buyerTaxId && <p className="text-sm">Tax ID: {order.buyerTaxId}</p>}
        </section>
        <p className="border-t border-slate-200 pt-4 text-2xl font-extrabold text-slate-900">
          {paid ? 'Total paid: ' : 'Please pay: '}
          <span className="text-primary">{formatDollars(order.total)}</span>
        </p>
      </div>
    </section>
  );
}
