import type { Quote, QuoteAcceptBody } from '@partsmith/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { href, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ShippingFields } from '../../../components/ui/shipping-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import type { useAcceptQuote } from '../api/accept-quote.ts';
import { FormFailure, SubmitButton } from './quote-form-parts.tsx';

export const QUOTE_ACCEPTED = 'Your order is placed';
export const QUOTE_ACCEPTED_DETAIL = 'Pay for it by card to complete it.';

/** The contract's checkout fields (a quote ships like a cart); zod loads when the form is used. */
const acceptFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((m) => m.QuoteAcceptBody),
);

/**
 * Where the accepted quote ships (the cart's checkout fields), then POST /api/quotes/:id/accept
 * and on to the new order's payment page. `accept` is the quote's own mutation: its refusal stays
 * on the quote's card after this form is gone (an expired quote shows no form).
 */
export function AcceptQuoteForm({
  id,
  quote,
  accept,
}: {
  id: string;
  quote: Quote;
  accept: ReturnType<typeof useAcceptQuote>;
}) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: acceptFields, defaultValues: { address: '', phone: '' } });

  // The form opens from the Accept quote button: the first field takes the focus.
  useEffect(() => setFocus('address'), [setFocus]);

  // One Idempotency-Key per submission, as the cart's checkout keeps one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (body: QuoteAcceptBody) => {
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) {
      attempt.current = { key: newIdempotencyKey(), body: signature };
    }
    return attempt.current.key;
  };

  const submit = async (body: QuoteAcceptBody) => {
    try {
      const { insertedId } = await accept.mutateAsync({
        id: quote._id,
        body,
        idempotencyKey: keyFor(body),
      });
      attempt.current = null;
      toast.success(QUOTE_ACCEPTED, { description: QUOTE_ACCEPTED_DETAIL });
      void navigate(href('/dashboard/payment/:id', { id: encodeURIComponent(insertedId) }));
    } catch (error) {
      // A 4xx is the server's final word on this submission: the next one is a new one.
      // No answer or a 5xx may have placed the order: a retry keeps the key.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        attempt.current = null;
      }
    }
  };

  return (
    <form
      id={id}
      noValidate
      aria-label={`Accept quote ${quote.number}`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={acceptFields.preload}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-slate-700">
        The quoted parts become one order at the quoted prices, shipped to this address.
      </p>
      <ShippingFields register={register} errors={errors} />
      <FormFailure text={errors.root?.message} />
      <SubmitButton pending={accept.isPending}>Place the order</SubmitButton>
      <p className="text-sm text-slate-700">You pay by card on the next page.</p>
    </form>
  );
}
