import type { Order, OrderRefund } from '@partsmith/contract';
import { linesOf } from '@partsmith/contract/order-views';
import { useId, useState, type FormEvent } from 'react';
import { FieldMessages, fieldBorder, FormField } from '../../../components/ui/form-field.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { refundNoteHref } from '../../../lib/order-documents.ts';
import { useOrderRefunds, useRefundPart } from '../api/order-refunds.ts';
import { When } from './order-steps.tsx';

const CARD = 'rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6';

/** One partial refund: its credit note, when, how much, the units and why. */
function RefundEntry({
  orderId,
  refund,
  admin,
}: {
  orderId: string;
  refund: OrderRefund;
  admin: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">
          {formatDollars(refund.amount)} refunded <When at={refund.createdAt} />
        </p>
        <a
          href={refundNoteHref(orderId, refund._id)}
          download={`${refund.creditNoteNumber}.pdf`}
          className="link link-primary inline-flex min-h-6 items-center font-semibold"
        >
          Credit note {refund.creditNoteNumber} (PDF)
        </a>
      </div>
      <ul className="flex flex-col gap-1 text-slate-700">
        {refund.lines.map((line) => (
          <li key={line.position} className="flex flex-wrap justify-between gap-x-4">
            <span>
              {line.quantity} × {line.name}
              {line.sku && <span className="font-mono text-sm"> ({line.sku})</span>}
            </span>
            <span className="tabular-nums">{formatDollars(line.total)}</span>
          </li>
        ))}
        {refund.tax > 0 && (
          <li className="flex flex-wrap justify-between gap-x-4">
            <span>Sales tax</span>
            <span className="tabular-nums">{formatDollars(refund.tax)}</span>
          </li>
        )}
      </ul>
      <p className="text-sm text-slate-700">
        Reason: <span className="break-words text-slate-900">{refund.reason}</span>
        {admin && refund.restocked && ' · Put back in stock'}
      </p>
    </li>
  );
}

/**
 * The admin's form to refund part of a paid order: how many units of each line (at most what is
 * left of it), whether they go back in stock, and why. The server adds each tax rate's share and
 * refunds the card; the buyer gets the credit note by mail.
 */
function RefundPartForm({ order, left }: { order: Order; left: Map<number, number> }) {
  const ids = { heading: useId(), reason: useId(), units: useId(), restock: useId() };
  const lines = linesOf(order);
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ units?: string; reason?: string }>({});
  const [done, setDone] = useState<OrderRefund | null>(null);
  const refund = useRefundPart();

  const chosen = lines
    .map((line, position) => ({ line, position, quantity: Number(units[position] ?? 0) }))
    .filter((c) => Number.isInteger(c.quantity) && c.quantity > 0);
  const value = chosen.reduce((sum, c) => sum + c.line.price * c.quantity, 0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const bad = lines.find((_, position) => {
      const n = Number(units[position] ?? 0);
      return !Number.isInteger(n) || n < 0 || n > (left.get(position) ?? 0);
    });
    const found = {
      ...(bad
        ? { units: `Refund whole units of ${bad.name}, at most those left to refund.` }
        : chosen.length === 0
          ? { units: 'Choose how many units of a part to refund.' }
          : {}),
      ...(reason.trim().length < 3 ? { reason: 'Give a reason for the refund' } : {}),
    };
    setErrors(found);
    if (found.units || found.reason) return;
    const ok = await confirmDialog(
      `Refund ${formatDollars(value)} of parts, plus their sales tax, to ${order.userEmail}'s card? This cannot be undone.`,
      'Yes, refund',
    );
    if (!ok) return;
    setDone(null);
    refund.mutate(
      {
        id: order._id,
        body: {
          lines: chosen.map((c) => ({ position: c.position, quantity: c.quantity })),
          restock,
          reason: reason.trim(),
        },
      },
      {
        onSuccess: (answer) => {
          setDone(answer);
          setUnits({});
          setReason('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={ids.heading} className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={ids.heading} className="text-xl font-bold text-slate-900">
          Refund part of this order
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close' : 'Choose parts to refund'}
        </button>
      </div>
      <p className="mt-1 text-slate-700">
        Returned, damaged or missing parts: refund some units at the price paid, with their sales
        tax. The buyer gets a credit note by e-mail.
      </p>
      <p role="status" className="mt-2 font-medium text-green-800">
        {done &&
          `Refunded ${formatDollars(done.amount)} to the buyer's card: credit note ${done.creditNoteNumber}.`}
      </p>
      {open && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
          <fieldset aria-describedby={errors.units ? `${ids.units}-error` : undefined}>
            <legend className="mb-2 font-semibold text-slate-900">Units to refund</legend>
            <ul className="flex flex-col gap-3">
              {lines.map((line, position) => {
                const most = left.get(position) ?? 0;
                const id = `${ids.units}-${position}`;
                return (
                  <li
                    key={position}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
                  >
                    <label htmlFor={id} className="min-w-0 flex-1 text-slate-900">
                      {line.name}{' '}
                      <span className="block text-sm text-slate-700">
                        {formatDollars(line.price)} each · {most} of {line.quantity} left to refund
                      </span>
                    </label>
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={most}
                      step={1}
                      disabled={most === 0}
                      value={units[position] ?? ''}
                      placeholder="0"
                      onChange={(e) => setUnits({ ...units, [position]: e.target.value })}
                      className={`input w-24 border ${fieldBorder(!!errors.units)}`}
                    />
                  </li>
                );
              })}
            </ul>
            <FieldMessages id={ids.units} error={errors.units} />
          </fieldset>
          <label htmlFor={ids.restock} className="flex items-center gap-3 text-slate-900">
            <input
              id={ids.restock}
              type="checkbox"
              className="checkbox"
              checked={restock}
              onChange={(e) => setRestock(e.target.checked)}
            />
            Put the refunded units back in stock
          </label>
          <FormField
            id={ids.reason}
            label="Reason (the buyer sees it on the credit note)"
            error={errors.reason}
          >
            {(props) => (
              <textarea
                {...props}
                rows={2}
                maxLength={300}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Returned unopened"
                className={`textarea w-full border ${fieldBorder(!!errors.reason)}`}
              />
            )}
          </FormField>
          {refund.error && (
            <div role="alert" className="alert alert-error">
              {errorText(refund.error)}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="btn btn-primary" disabled={refund.isPending}>
              {refund.isPending && <span aria-hidden="true" className="spinner size-5" />}
              Refund {formatDollars(value)} plus tax
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * An order's partial refunds, for its buyer and the admins (each with its credit note), and the
 * admins' form to refund part of a paid card order not refunded in full.
 */
export function OrderRefunds({ order, admin }: { order: Order; admin: boolean }) {
  const refundable = admin && order.paid && !order.refundedAt && order.paymentMethod !== 'invoice';
  const refunded = (order.refunded ?? 0) > 0;
  const refunds = useOrderRefunds(order._id, refunded || refundable);
  const data = refunds.data;
  const left = new Map(data?.left.map((l) => [l.position, l.quantity]) ?? []);
  const anyLeft = [...left.values()].some((n) => n > 0);
  return (
    <>
      {refunded && (
        <section aria-labelledby="order-refunds-heading" className={CARD}>
          <h2 id="order-refunds-heading" className="text-xl font-bold text-slate-900">
            Refunds
          </h2>
          <p className="mt-1 mb-4 text-slate-700">
            {formatDollars(order.refunded ?? 0)} of {formatDollars(order.total)} refunded to the
            card it was paid with.
          </p>
          {data ? (
            <ul className="flex flex-col gap-4">
              {data.refunds.map((refund) => (
                <RefundEntry key={refund._id} orderId={order._id} refund={refund} admin={admin} />
              ))}
            </ul>
          ) : refunds.error ? (
            <p role="alert" className="text-slate-700">
              {errorText(refunds.error)}
            </p>
          ) : (
            <div role="status" className="skeleton-pulse h-16 w-full">
              <span className="sr-only">Loading the refunds</span>
            </div>
          )}
        </section>
      )}
      {refundable && data && anyLeft && <RefundPartForm order={order} left={left} />}
    </>
  );
}
