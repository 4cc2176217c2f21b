import type { CheckoutBody, CheckoutPreview } from '@partsmith/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { href, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MoneySummary } from '../../../components/ui/money-summary.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { ShippingMethods } from '../../../components/ui/shipping-methods.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CheckoutRefused, type ProblemLine } from '../../../lib/place-order.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { myCompanyKey } from '../../../lib/my-company.ts';
import {
  AWAITING_APPROVAL_DETAIL,
  CompanyTermsFields,
  INVOICED_DETAIL,
  PO_MAX,
  poNumberError,
  useCompanyTerms,
} from '../../../components/ui/company-terms.tsx';
import { useCheckout } from '../api/checkout.ts';
import { checkoutPreviewKey, useCheckoutPreview } from '../api/checkout-preview.ts';

export const CHECKOUT_SUCCESS = 'Your order is placed';
export const CHECKOUT_SUCCESS_DETAIL = 'Pay for it by card to complete it.';
export { AWAITING_APPROVAL_DETAIL, INVOICED_DETAIL, PO_MAX, poNumberError };

/** The address book's picker, composed by the app (features do not import each other). */
export type AddressPickerSlot = (props: {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) => ReactNode;

/**
 * The checkout of the cart: an address from the buyer's address book (the picker, which adds
 * and edits them too), a shipping method of those that reach it, and what the order comes to
 * (subtotal, shipping, each sales tax, total) as the server prices it; then POST /api/checkout
 * at that total (`expectedTotal`) and on to the new order's payment page. `cart` says what is
 * being bought (a retry of the same cart, address and method keeps its Idempotency-Key, a
 * changed one gets a new key). A total that changed in between comes back with the new figures,
 * shown here before the buyer tries again; a refusal of lines shows the server's message, and
 * `onRefused` gets the lines it names.
 */
export function CheckoutForm({
  cart,
  onRefused,
  addressPicker,
}: {
  cart: string;
  onRefused: (lines: ProblemLine[]) => void;
  addressPicker: AddressPickerSlot;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const fieldId = useId();
  // A buyer in a company: its PO number and terms. No answer (none, or it failed): a card order.
  const terms = useCompanyTerms(fieldId);
  const { company, paying } = terms;
  const [addressId, setAddressId] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const request = { addressId, shippingMethod: method, cart };
  const preview = useCheckoutPreview(request);
  const priced: CheckoutPreview | undefined = preview.data;
  const current = priced && !preview.isPlaceholderData ? priced : undefined;

  // One Idempotency-Key per submission, as the purchase form keeps one (purchase-form.tsx).
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (body: CheckoutBody) => {
    const signature = JSON.stringify([body, cart]);
    if (attempt.current?.body !== signature) {
      attempt.current = { key: newIdempotencyKey(), body: signature };
    }
    return attempt.current.key;
  };

  const submit = () => {
    if (!current || !addressId) return;
    const business = terms.bodyFields();
    if (!business) return;
    onRefused([]);
    const body: CheckoutBody = {
      addressId,
      ...(current.shippingMethod ? { shippingMethod: current.shippingMethod.id } : {}),
      expectedTotal: current.total,
      ...business,
    };
    // Above the buyer's own spending limit, the order waits for an approver: no card yet.
    const awaitsApproval = terms.awaitsApproval(current.total);
    checkout.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: ({ insertedId }) => {
          attempt.current = null;
          const id = encodeURIComponent(insertedId);
          if (company) void queryClient.invalidateQueries({ queryKey: myCompanyKey });
          if (paying === 'invoice' || awaitsApproval) {
            // Nothing to pay by card now: the order's page says what happens next.
            toast.success(CHECKOUT_SUCCESS, {
              description: awaitsApproval ? AWAITING_APPROVAL_DETAIL : INVOICED_DETAIL,
            });
            void navigate(href('/dashboard/orders/:id', { id }));
            return;
          }
          toast.success(CHECKOUT_SUCCESS, { description: CHECKOUT_SUCCESS_DETAIL });
          void navigate(href('/dashboard/payment/:id', { id }));
        },
        onError: (error) => {
          // A 4xx is the server's final word on this submission: the next one is a new one.
          // No answer or a 5xx may have placed the order: a retry keeps the key.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            attempt.current = null;
          }
          if (error instanceof CheckoutRefused) {
            onRefused(error.lines);
            // The figures as they are now: shown at once, the next submission at that total.
            if (error.preview) queryClient.setQueryData(checkoutPreviewKey(request), error.preview);
          }
        },
      },
    );
  };

  const failure = checkout.error
    ? errorText(checkout.error)
    : preview.error
      ? errorText(preview.error)
      : null;
  const problem = current && !current.shippable ? current.problem : null;

  return (
    <form
      noValidate
      aria-label="Check out"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      {/* Disabled in the copy the server renders until the app runs the form. */}
      <ReadyFieldset>
        {addressPicker({
          selectedId: addressId,
          onSelect: (id) => {
            setAddressId(id);
            // Another address may be in another zone: its cheapest method is priced first.
            setMethod(null);
          },
        })}
        {priced && (
          <ShippingMethods
            options={priced.shippingMethods}
            selected={priced.shippingMethod?.id ?? null}
            onSelect={setMethod}
            disabled={checkout.isPending}
          />
        )}
        {addressId && !priced && preview.isFetching && (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <span aria-hidden="true" className="spinner size-4" /> Working out shipping and tax…
          </p>
        )}
        {priced && (
          <section
            aria-label="What your order comes to"
            aria-busy={preview.isFetching}
            className={preview.isPlaceholderData ? 'opacity-60' : undefined}
          >
            {/* Read out when it changes: another address or method. */}
            <div aria-live="polite" aria-atomic="true">
              <MoneySummary money={priced} />
            </div>
          </section>
        )}
        <CompanyTermsFields
          terms={terms}
          fieldId={fieldId}
          total={current?.total}
          disabled={checkout.isPending}
        />
        {problem && (
          <div role="alert" className="alert alert-warning">
            {problem}
          </div>
        )}
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-lg w-full"
          disabled={checkout.isPending || !current || !current.shippable}
        >
          {checkout.isPending && <span aria-hidden="true" className="spinner size-5" />}
          {current ? `Place order · ${formatDollars(current.total)}` : 'Check out'}
        </button>
      </ReadyFieldset>
      <p className="text-center text-sm text-slate-700">
        {!addressId
          ? 'Choose where your order ships to.'
          : paying === 'invoice'
            ? 'Your company is invoiced: no card needed.'
            : 'You pay by card on the next page.'}
      </p>
    </form>
  );
}
