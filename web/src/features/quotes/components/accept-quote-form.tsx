import type { Quote, QuoteAcceptBody } from '@partsmith/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { href, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MoneySummary } from '../../../components/ui/money-summary.tsx';
import { ShippingMethods } from '../../../components/ui/shipping-methods.tsx';
import {
  AWAITING_APPROVAL_DETAIL,
  CompanyTermsFields,
  INVOICED_DETAIL,
  useCompanyTerms,
} from '../../../components/ui/company-terms.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { myCompanyKey } from '../../../lib/my-company.ts';
import { errorText } from '../../../lib/error-text.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { CheckoutRefused } from '../../../lib/place-order.ts';
import type { useAcceptQuote } from '../api/accept-quote.ts';
import { quotePreviewKey, useQuotePreview } from '../api/quote-preview.ts';
import { FormFailure, SubmitButton } from './quote-form-parts.tsx';

export const QUOTE_ACCEPTED = 'Your order is placed';
export const QUOTE_ACCEPTED_DETAIL = 'Pay for it by card to complete it.';

/** The address book's picker, composed by the app (features do not import each other). */
export type AddressPickerSlot = (props: {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) => ReactNode;

/**
 * Where the accepted quote ships (an address of the buyer's address book, a shipping method)
 * and what it comes to with shipping and sales tax, then POST /api/quotes/:id/accept at that
 * total and on to the new order's payment page. `accept` is the quote's own mutation: its
 * refusal stays on the quote's card after this form is gone (an expired quote shows no form).
 */
export function AcceptQuoteForm({
  id,
  quote,
  accept,
  addressPicker,
}: {
  id: string;
  quote: Quote;
  accept: ReturnType<typeof useAcceptQuote>;
  addressPicker: AddressPickerSlot;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fieldId = useId();
  // A company's member accepts on its terms: its PO number, pay by invoice (issue 49).
  const terms = useCompanyTerms(fieldId);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const preview = useQuotePreview(quote._id, addressId, method);
  const priced = preview.data;
  const current = priced && !preview.isPlaceholderData ? priced : undefined;

  // One Idempotency-Key per submission, as the cart's checkout keeps one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (body: QuoteAcceptBody) => {
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) {
      attempt.current = { key: newIdempotencyKey(), body: signature };
    }
    return attempt.current.key;
  };

  const submit = async () => {
    if (!current || !addressId) return;
    const business = terms.bodyFields();
    if (!business) return;
    const body: QuoteAcceptBody = {
      addressId,
      ...(current.shippingMethod ? { shippingMethod: current.shippingMethod.id } : {}),
      expectedTotal: current.total,
      ...business,
    };
    const awaitsApproval = terms.awaitsApproval(current.total);
    try {
      const { insertedId } = await accept.mutateAsync({
        id: quote._id,
        body,
        idempotencyKey: keyFor(body),
      });
      attempt.current = null;
      const orderId = encodeURIComponent(insertedId);
      if (terms.company) void queryClient.invalidateQueries({ queryKey: myCompanyKey });
      if (terms.paying === 'invoice' || awaitsApproval) {
        // Nothing to pay by card now: the order's page says what happens next.
        toast.success(QUOTE_ACCEPTED, {
          description: awaitsApproval ? AWAITING_APPROVAL_DETAIL : INVOICED_DETAIL,
        });
        void navigate(href('/dashboard/orders/:id', { id: orderId }));
        return;
      }
      toast.success(QUOTE_ACCEPTED, { description: QUOTE_ACCEPTED_DETAIL });
      void navigate(href('/dashboard/payment/:id', { id: orderId }));
    } catch (error) {
      // A 4xx is the server's final word on this submission: the next one is a new one.
      // No answer or a 5xx may have placed the order: a retry keeps the key.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        attempt.current = null;
      }
      if (error instanceof CheckoutRefused && error.preview)
        queryClient.setQueryData(quotePreviewKey(quote._id, addressId, method), error.preview);
    }
  };

  return (
    <form
      id={id}
      noValidate
      aria-label={`Accept quote ${quote.number}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-slate-700">
        The quoted parts become one order at the quoted prices, shipped to the address you choose.
      </p>
      {addressPicker({
        selectedId: addressId,
        onSelect: (next) => {
          setAddressId(next);
          setMethod(null);
        },
      })}
      {priced && (
        <ShippingMethods
          options={priced.shippingMethods}
          selected={priced.shippingMethod?.id ?? null}
          onSelect={setMethod}
          disabled={accept.isPending}
        />
      )}
      {priced && (
        <section
          aria-label="What the order comes to"
          aria-busy={preview.isFetching}
          className={preview.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <div aria-live="polite" aria-atomic="true">
            <MoneySummary money={priced} />
          </div>
        </section>
      )}
      {current && !current.shippable && (
        <div role="alert" className="alert alert-warning">
          {current.problem}
        </div>
      )}
      <CompanyTermsFields
        terms={terms}
        fieldId={fieldId}
        total={current?.total}
        disabled={accept.isPending}
      />
      <FormFailure text={preview.error ? errorText(preview.error) : undefined} />
      <SubmitButton pending={accept.isPending} disabled={!current || !current.shippable}>
        Place the order
      </SubmitButton>
      <p className="text-sm text-slate-700">
        {terms.paying === 'invoice'
          ? 'No card is asked: the order is invoiced to your company.'
          : 'You pay by card on the next page.'}
      </p>
    </form>
  );
}
