import { linesOf, type Order } from '@partsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from '@partsmith/contract/zod-subset';
import { useEffect, useState, type ReactNode } from 'react';
import { href, Link, useParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FigureCell, PartLine } from '../../../components/ui/line-cells.tsx';
import { MoneySummary } from '../../../components/ui/money-summary.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useOrder } from '../../../lib/get-order.ts';
import { useMyCompanyAnswer } from '../../../lib/my-company.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';
import { orderMoney } from '../../../lib/order-money.ts';
import { OrderAgainButton } from './order-again.tsx';
import { dayLabel } from '../../../lib/day-label.ts';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/** In the browser's own language and time zone, e.g. "Mar 2, 2025, 10:30 AM". */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function When({ at }: { at: string | null | undefined }) {
  const date = at ? new Date(at) : null;
  if (!at || !date || Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{dateTime.format(date)}</time>;
}

export const AWAITING_APPROVAL = 'Waiting for your company’s approval';
export const DECLINED = 'Your company declined this order';
export const DECLINED_DETAIL = 'It will not be paid nor shipped: its parts went back in stock.';

/** The roles of a company that decide on its orders waiting for approval. */
const DECIDING_ROLES = new Set(['owner', 'admin', 'approver']);

/**
 * An order waiting for its company's approval: says so; to the company's owner, admins and
 * approvers, the Approve and Decline buttons (POST /api/orders/:id/approve or /decline), the
 * order asked again after the decision.
 */
function ApprovalNotice({ order }: { order: Order }) {
  const pending = order.approval === 'pending';
  const company = useMyCompanyAnswer(pending).data?.company ?? null;
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      api(`/orders/${encodeURIComponent(order._id)}/${decision}`, {
        method: 'POST',
        schema: z.looseObject({ approval: z.string() }),
      }),
    onSuccess: async (_, decision) => {
      setDone(decision === 'approve' ? 'You approved this order.' : 'You declined this order.');
      // The order (its key is under the orders root) and the lists that show it.
      await queryClient.invalidateQueries({ queryKey: [ordersRoot] });
    },
  });

  if (order.approval === 'declined') {
    return (
      <section
        aria-label="Approval"
        className="alert alert-warning flex flex-col items-start gap-1"
      >
        <p className="font-semibold">{DECLINED}</p>
        <p>{DECLINED_DETAIL}</p>
        {done && <p role="status">{done}</p>}
      </section>
    );
  }
  if (!pending) return done ? <p role="status">{done}</p> : null;
  const canDecide = company !== null && DECIDING_ROLES.has(company.role);
  const onDecline = async () => {
    const sure = await confirmDialog(
      `Decline order ${order.number}? Its parts go back in stock and the buyer is told.`,
      'Yes, decline it',
    );
    if (sure) decide.mutate('decline');
  };
  return (
    <section aria-label="Approval" className="alert alert-info flex flex-col items-start gap-3">
      <p role="status" className="font-semibold">
        {AWAITING_APPROVAL}
      </p>
      <p>
        It is above the buyer’s spending limit: it is paid and shipped once an approver of the
        company approves it.
      </p>
      {canDecide && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate('approve')}
          >
            {decide.isPending && decide.variables === 'approve' && (
              <span aria-hidden="true" className="spinner size-5" />
            )}
            Approve
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={decide.isPending}
            onClick={() => void onDecline()}
          >
            {decide.isPending && decide.variables === 'decline' && (
              <span aria-hidden="true" className="spinner size-5" />
            )}
            Decline
          </button>
        </div>
      )}
      {decide.error && (
        <p role="alert" className="font-medium text-error">
          {errorText(decide.error)}
        </p>
      )}
    </section>
  );
}

/** The order's documents (owner or admin; the server answers 404 until there is one). */
export const invoiceHref = (id: string) => `/api/orders/${encodeURIComponent(id)}/invoice.pdf`;
export const creditNoteHref = (id: string) =>
  `/api/orders/${encodeURIComponent(id)}/credit-note.pdf`;

/** One step of an order's life: done (with its date), the one it waits for, or where it stopped. */
export interface Step {
  label: string;
  state: 'done' | 'waiting' | 'stopped';
  at: string | null;
  detail?: ReactNode;
}

/**
 * What happened to an order, in order: placed; paid, or waiting for the payment until it expires
 * (or expired, its stock back); shipped (carrier and tracking number), or waiting to ship;
 * refunded.
 */
export function orderSteps(order: Order): Step[] {
  const steps: Step[] = [{ label: 'Placed', state: 'done', at: order.createdAt }];
  if (order.approval === 'pending') {
    steps.push({
      label: 'Waiting for approval',
      state: 'waiting',
      at: null,
      detail: 'An approver of your company decides on it.',
    });
    return steps;
  }
  if (order.approval === 'declined') {
    steps.push({
      label: 'Declined',
      state: 'stopped',
      at: null,
      detail: DECLINED_DETAIL,
    });
    return steps;
  }
  if (order.approval === 'approved') {
    steps.push({ label: 'Approved', state: 'done', at: null });
  }
  if (order.paid) {
    steps.push({
      label: 'Paid',
      state: 'done',
      at: order.paidAt ?? null,
      detail: order.transactionId && (
        <>
          Transaction id: <code className="font-mono break-all">{order.transactionId}</code>
        </>
      ),
    });
  } else if (order.expired) {
    steps.push({
      label: 'Expired',
      state: 'stopped',
      at: order.expiredAt ?? null,
      detail: 'It was not paid in time: its parts went back in stock.',
    });
  } else if (order.paymentMethod === 'invoice' && !order.refundedAt) {
    steps.push({
      label: 'Waiting for payment',
      state: 'waiting',
      at: null,
      detail: order.dueDate ? `The invoice is due on ${dayLabel(order.dueDate)}.` : undefined,
    });
  } else {
    steps.push({
      label: 'Waiting for payment',
      state: 'waiting',
      at: null,
      detail: order.expiresAt ? (
        <>
          Pay before <When at={order.expiresAt} />: the parts are kept for you until then.
        </>
      ) : undefined,
    });
  }
  if (order.status === 'shipped') {
    const carrier = order.carrier || null;
    const tracking = order.trackingNumber || null;
    steps.push({
      label: 'Shipped',
      state: 'done',
      at: order.shippedAt ?? null,
      detail:
        carrier || tracking ? (
          <>
            {carrier && <>With {carrier}. </>}
            {tracking && (
              <>
                Tracking number: <code className="font-mono break-all">{tracking}</code>
              </>
            )}
          </>
        ) : undefined,
    });
  } else if (order.paid && !order.refundedAt) {
    steps.push({ label: 'Waiting to ship', state: 'waiting', at: null });
  }
  if (order.refundedAt) {
    // An order on terms cancelled before it was paid: its invoice is credited, nothing refunded.
    const credited = !order.paid && order.paymentMethod === 'invoice';
    steps.push({
      label: credited ? 'Cancelled: invoice credited' : 'Refunded',
      state: 'done',
      at: order.refundedAt,
      detail: order.creditNoteNumber
        ? `Credit note ${order.creditNoteNumber}${credited ? ': nothing is owed.' : '.'}`
        : undefined,
    });
  }
  return steps;
}

const DOT = {
  done: 'border-green-700 bg-green-700',
  waiting: 'border-orange-700 bg-white',
  stopped: 'border-slate-500 bg-slate-500',
};

function Steps({ order }: { order: Order }) {
  return (
    <ol className="flex flex-col">
      {orderSteps(order).map((step, index, all) => (
        <li key={step.label} className="relative flex gap-4 pb-6 last:pb-0">
          {index < all.length - 1 && (
            <span
              aria-hidden="true"
              className="absolute top-5 bottom-0 left-[0.4375rem] w-0.5 bg-slate-200"
            />
          )}
          <span
            aria-hidden="true"
            className={`relative mt-1 size-4 shrink-0 rounded-full border-2 ${DOT[step.state]}`}
          />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{step.label}</p>
            {step.at && (
              <p className="text-sm text-slate-700">
                <When at={step.at} />
              </p>
            )}
            {step.detail && <p className="mt-1 text-sm text-slate-700">{step.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

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
            <address className="break-words text-slate-900 not-italic">
              {/* An address book entry (an order shipped by a method) names its recipient. */}
              {!data.shippingMethod && <span className="block font-semibold">{data.userName}</span>}
              <span className="block whitespace-pre-line">{data.address}</span>
              <span className="block">{data.phone}</span>
            </address>
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
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
