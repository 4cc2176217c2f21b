import { useQueryClient } from '@tanstack/react-query';
import type { Part, PurchaseBody as PurchaseBodyInput } from '@partsmith/contract';
import { quantityMessage } from '@partsmith/contract/constants';
import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type * as z from '@partsmith/contract/zod-subset';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { formatDollars } from '../../../lib/money.ts';
import { partQueryKey } from '../api/get-part.ts';
import { newIdempotencyKey, usePurchase } from '../api/purchase.ts';
import type { PurchaseFields } from './purchase-fields.ts';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import * as paths from 'virtual:page-paths';

/** The spec's text, misspelling corrected (docs/spec.md, Differences from the specification). */
export const PURCHASE_SUCCESS = 'Your Purchase Is Complete !';
export const PURCHASE_SUCCESS_DETAIL = 'Check your email for the confirmation.';
/**
 * The form's checks (purchase-fields.ts) load with zod when the buyer first focuses the form or
 * submits it, not with the page (docs/decisions/018): the page's first render waits for no zod.
 */
type PurchaseValues = z.output<typeof PurchaseFields>;
const purchaseFields = lazyZodResolver(() =>
  import('./purchase-fields.ts').then((m) => m.PurchaseFields),
);

/**
 * Answers the 'Oops...' dialog shows (docs/spec.md, Error and success texts); anything else shows
 * in the form.
 */
const DIALOG_STATUSES = new Set([409, 422]);
const isDialogError = (error: unknown) =>
  error instanceof ApiError && DIALOG_STATUSES.has(error.status);

export interface Buyer {
  name: string;
  email: string;
}

const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
const LABEL = 'mb-1 block font-semibold text-slate-900';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');
const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** Quantity, address and phone, checked before anything is sent. */
export function PurchaseForm({ part, user }: { part: Part; user: Buyer }) {
  const id = useId();
  const ids = {
    name: `${id}-name`,
    email: `${id}-email`,
    quantity: `${id}-quantity`,
    address: `${id}-address`,
    phone: `${id}-phone`,
  };
  const min = part.minOrderQuantity;
  const max = part.availableQuantity;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: purchaseFields,
    defaultValues: { quantity: String(min), address: '', phone: '' },
  });

  // One Idempotency-Key per submission: a retry of the same order (after a lost answer) reuses
  // it, so the server makes one order however often it arrives; a changed order gets a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (body: PurchaseBodyInput) => {
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) {
      attempt.current = { key: newIdempotencyKey(), body: signature };
    }
    return attempt.current.key;
  };

  const submit = (values: PurchaseValues) => {
    if (values.quantity < min || values.quantity > max) {
      void showErrorDialog(quantityMessage(min, max));
      return;
    }
    const body = {
      partId: part._id,
      quantity: values.quantity,
      address: values.address,
      phone: values.phone,
    };
    purchase.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: () => {
          attempt.current = null;
          toast.success(PURCHASE_SUCCESS, { description: PURCHASE_SUCCESS_DETAIL });
          void navigate(paths.myOrders);
        },
        onError: (error) => {
          // A 4xx is the server's final word on this submission: the next one is a new order.
          // No answer or a 5xx may have created the order: a retry keeps the key.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            attempt.current = null;
            // The stock or the part changed under us: show what is true now.
            void queryClient.invalidateQueries({ queryKey: partQueryKey(part._id) });
          }
          if (isDialogError(error)) void showErrorDialog(error.message);
        },
      },
    );
  };

  const quantity = Number(useWatch({ control, name: 'quantity' }));
  const total = Number.isInteger(quantity) && quantity > 0 ? part.price * quantity : null;
  const inlineError =
    purchase.error && !isDialogError(purchase.error)
      ? purchase.error instanceof ApiError
        ? purchase.error.message
        : 'Something went wrong. Please try again.'
      : null;

  return (
    <form
      noValidate
      // handleSubmit runs at submit time, never during render (the key lives in a ref).
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={purchaseFields.preload}
      aria-label="Purchase"
      className="flex flex-col gap-5"
    >
      {/* Disabled in the server's copy of the page (docs/decisions/025) until the app runs it. */}
      <ReadyFieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.name} className={LABEL}>
              Your name
            </label>
            <input
              id={ids.name}
              type="text"
              readOnly
              value={user.name}
              className="input w-full border border-slate-300 bg-slate-100 text-slate-900"
            />
          </div>
          <div>
            <label htmlFor={ids.email} className={LABEL}>
              Email
            </label>
            <input
              id={ids.email}
              type="email"
              readOnly
              value={user.email}
              className="input w-full border border-slate-300 bg-slate-100 text-slate-900"
            />
          </div>
        </div>

        <div>
          <label htmlFor={ids.quantity} className={LABEL}>
            Quantity
          </label>
          <input
            id={ids.quantity}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            className={`input w-full border sm:w-48 ${border(!!errors.quantity)}`}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={describedBy(
              errors.quantity && `${ids.quantity}-error`,
              `${ids.quantity}-hint`,
            )}
            {...register('quantity')}
          />
          {errors.quantity && (
            <p id={`${ids.quantity}-error`} className={FIELD_ERROR}>
              {errors.quantity.message}
            </p>
          )}
          <p id={`${ids.quantity}-hint`} className="mt-1 text-sm text-slate-700">
            From {min} to {max} units.
          </p>
        </div>

        <div>
          <label htmlFor={ids.address} className={LABEL}>
            Shipping address
          </label>
          <textarea
            id={ids.address}
            rows={3}
            autoComplete="shipping street-address"
            placeholder="Street and number, city, postal code"
            className={`textarea w-full border ${border(!!errors.address)}`}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={describedBy(errors.address && `${ids.address}-error`)}
            {...register('address')}
          />
          {errors.address && (
            <p id={`${ids.address}-error`} className={FIELD_ERROR}>
              {errors.address.message}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={ids.phone} className={LABEL}>
            Phone number
          </label>
          <input
            id={ids.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 555 123 4567"
            className={`input w-full border ${border(!!errors.phone)}`}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(errors.phone && `${ids.phone}-error`)}
            {...register('phone')}
          />
          {errors.phone && (
            <p id={`${ids.phone}-error`} className={FIELD_ERROR}>
              {errors.phone.message}
            </p>
          )}
        </div>

        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
          <span className="font-semibold text-slate-700">Order total</span>
          <span className="text-2xl font-extrabold text-slate-900">
            {total === null ? '—' : formatDollars(total)}
          </span>
        </div>

        {(inlineError ?? errors.root?.message) && (
          <div role="alert" className="alert alert-error">
            {inlineError ?? errors.root?.message}
          </div>
        )}

        <button
          type="submit"
          className="btn btn-primary btn-lg w-full"
          disabled={purchase.isPending}
        >
          {purchase.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Purchase
        </button>
        <p className="text-center text-sm text-slate-700">
          You pay by card from My Orders once the order is placed.
        </p>
      </ReadyFieldset>
    </form>
  );
}
