import type { Order } from '@partsmith/contract';
import { linesOf, shippable } from '@partsmith/contract/order-views';
import { useEffect, type ReactNode } from 'react';
import { href, Link, useParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FigureCell, PartLine } from '../../../components/ui/line-cells.tsx';
import { MoneySummary } from '../../../components/ui/money-summary.tsx';
import { ShipToAddress } from '../../../components/ui/ship-to-address.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useOrder } from '../../../lib/get-order.ts';
import { orderMoney } from '../../../lib/order-money.ts';
import { creditNoteHref, invoiceHref, packingSlipHref } from '../../../lib/order-documents.ts';
import { useSession } from '../../../lib/get-session.ts';
import { OrderAgainButton } from './order-again.tsx';
import { OrderHelp } from './order-help.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { ApprovalNotice } from './order-approval.tsx';
import { Steps, When } from './order-steps.tsx';
import { dayLabel } from '../../../lib/day-label.ts';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/** The rows are cards until the page's column is wide enough for the five columns. */
const COLUMNS = [
  ['Image'],
  ['Name'],
  ['Quantity', 'right'],
  ['Unit price', 'right'],
  ['Amount', 'right'],
] as const;

function Lines({ order }: { order: Order }) {
  return (
    <DataTable wide="container" caption="The parts of this order" columns={COLUMNS}>
      {linesOf(order).map((line, index) => (
        <PartLine
          key={`${line.partId ?? 'gone'}-${index}`}
          line={line}
          picture="md"
          priceLabel="Unit price"
          price={line.price}
        >
          <FigureCell label="Amount">
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatDollars(line.total)}
            </span>
          </FigureCell>
        </PartLine>
      ))}
    </DataTable>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className={`${CARD} mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center`}
    >
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </section>
  );
}

export const orderPageTitle = (order: { number: string; name: string } | undefined) =>
  order ? `Order ${order.number} of ${order.name} | Partsmith` : 'Order | Partsmith';

/**
 * /dashboard/orders/:id: an order's lines and money (subtotal, shipping by its method, each sales
 * tax, total: the figures of its invoice), where it ships, what happened to it so far, the way to
 * pay while it can be paid, and its invoice and credit note once there.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const session = useSession();
  const data = order.data;
  const name = data?.name;
  const number = data?.number;

  useEffect(() => {
    document.title = orderPageTitle(name && number ? { name, number } : undefined);
  }, [name, number]);

  // Another buyer's order is as unknown as a deleted one (the server answers 403 or 404).
  if (order.error instanceof ApiError && [400, 403, 404].includes(order.error.status)) {
    return (
      <Problem title="We could not find this order">
        <p className="text-slate-700">
          It may have been deleted, or it belongs to another account. Your own orders are in My
          Orders.
        </p>
        <Link to={href('/dashboard/my-orders')} className="btn btn-primary">
          Go to My Orders
        </Link>
      </Problem>
    );
  }

  if (order.isPending) {
    return (
      <div role="status" className="flex flex-col gap-6">
        <span className="sr-only">Loading the order</span>
        <div aria-hidden="true" className="skeleton-pulse h-32 w-full" />
        <div aria-hidden="true" className="skeleton-pulse h-64 w-full" />
      </div>
    );
  }

  if (!data) {
    return (
      <Problem title="We could not load this order">
        <p role="alert" className="text-slate-700">
          {errorText(order.error)}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={order.isFetching}
          onClick={() => void order.refetch()}
        >
          {order.isFetching && <span aria-hidden="true" className="spinner size-5" />}
          Try again
        </button>
      </Problem>
    );
  }

  // An admin looking at the order prints what goes into its parcel, and may refund part of it.
  const packer = session.data?.user.role === 'admin';
  // Its buyer (not an admin or a company's approver looking at it) can write about it.
  const viewer = session.data?.user.email;
  const buyer = !!viewer && viewer.toLowerCase() === data.userEmail.toLowerCase();
  // On terms, the invoice is paid later; waiting for approval or declined, nothing is paid now.
  const onInvoice = data.paymentMethod === 'invoice';
  const payable =
    !data.paid &&
    !data.expired &&
    data.total > 0 &&
    !onInvoice &&
    data.approval !== 'pending' &&
    data.approval !== 'declined';

  return (
    <div className="flex flex-col gap-6">
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-7 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <div className="relative flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
              Order <span className="font-mono normal-case">{data.number}</span>
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-white">
              {data.name}
            </h1>
            <p className="mt-2 text-slate-200">
              Placed <When at={data.createdAt} />
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <OrderAgainButton
              orderId={data._id}
              label={`order ${data.number}`}
              className="btn btn-outline border-slate-300 text-white hover:border-white hover:bg-slate-800"
            />
            {payable && (
              <Link
                to={href('/dashboard/payment/:id', { id: encodeURIComponent(data._id) })}
                className="btn btn-primary"
              >
                Pay {formatDollars(data.total)}
              </Link>
            )}
          </div>
        </div>
      </header>

      <ApprovalNotice order={data} />

      <section aria-labelledby="order-lines-heading" className="flex flex-col gap-3">
        <h2 id="order-lines-heading" className="text-xl font-bold text-slate-900">
          Parts
        </h2>
        <Lines order={data} />
        <section aria-label="Order total" className="w-full self-end sm:max-w-sm">
          <MoneySummary money={orderMoney(data)} totalLabel={data.paid ? 'Total paid' : 'Total'} />
        </section>
      </section>

      <OrderRefunds order={data} admin={packer} />

      <div className="grid items-start gap-6 md:grid-cols-2">
        <section aria-labelledby="order-steps-heading" className={`${CARD} p-5 sm:p-6`}>
          <h2 id="order-steps-heading" className="mb-4 text-xl font-bold text-slate-900">
            Timeline
          </h2>
          <Steps order={data} />
        </section>
        <div className="flex flex-col gap-6">
          <section aria-labelledby="order-ship-heading" className={`${CARD} p-5 sm:p-6`}>
            <h2 id="order-ship-heading" className="mb-3 text-xl font-bold text-slate-900">
              Ship to
            </h2>
            <ShipToAddress order={data} />
            {(data.buyerTaxId || data.taxExemption) && (
              <dl className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
                {data.buyerTaxId && (
                  <div className="flex flex-wrap gap-x-2">
                    <dt>Tax ID</dt>
                    <dd className="font-mono break-all text-slate-900">{data.buyerTaxId}</dd>
                  </div>
                )}
                {data.taxExemption && (
                  <div className="flex flex-wrap gap-x-2">
                    <dt>Tax exempt</dt>
                    <dd className="break-all text-slate-900">Certificate {data.taxExemption}</dd>
                  </div>
                )}
              </dl>
            )}
          </section>
          {(data.poNumber || onInvoice) && (
            <section aria-labelledby="order-payment-heading" className={`${CARD} p-5 sm:p-6`}>
              <h2 id="order-payment-heading" className="mb-3 text-xl font-bold text-slate-900">
                Purchase
              </h2>
              <dl className="flex flex-col gap-1 text-slate-700">
                {data.poNumber && (
                  <div className="flex flex-wrap gap-x-2">
                    <dt>PO number</dt>
                    <dd className="font-mono break-all text-slate-900">{data.poNumber}</dd>
                  </div>
                )}
                {onInvoice && (
                  <div className="flex flex-wrap gap-x-2">
                    <dt>Payment</dt>
                    <dd className="text-slate-900">
                      Pay by invoice{data.dueDate ? `, due ${dayLabel(data.dueDate)}` : ''}
                    </dd>
                  </div>
                )}
              </dl>
            </section>
          )}
          {(data.invoiceNumber || data.creditNoteNumber) && (
            <section aria-labelledby="order-documents-heading" className={`${CARD} p-5 sm:p-6`}>
              <h2 id="order-documents-heading" className="mb-3 text-xl font-bold text-slate-900">
                Documents
              </h2>
              <ul className="flex flex-col gap-2">
                {data.invoiceNumber && (
                  <li>
                    <a
                      href={invoiceHref(data._id)}
                      download={`${data.invoiceNumber}.pdf`}
                      className="link link-primary font-semibold"
                    >
                      Invoice {data.invoiceNumber} (PDF)
                    </a>
                  </li>
                )}
                {data.creditNoteNumber && (
                  <li>
                    <a
                      href={creditNoteHref(data._id)}
                      download={`${data.creditNoteNumber}.pdf`}
                      className="link link-primary font-semibold"
                    >
                      Credit note {data.creditNoteNumber} (PDF)
                    </a>
                  </li>
                )}
                {packer && shippable(data) && (
                  <li>
                    <a
                      href={packingSlipHref(data._id)}
                      target="_blank"
                      rel="noopener"
                      className="link link-primary font-semibold"
                    >
                      Packing slip (PDF) <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                )}
              </ul>
            </section>
          )}
        </div>
      </div>

      {buyer && <OrderHelp orderId={data._id} number={data.number ?? ''} email={data.userEmail} />}
    </div>
  );
}
