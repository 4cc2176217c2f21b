import type { CheckoutBody } from '@partsmith/contract';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { href, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { ShippingFields } from '../../../components/ui/shipping-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CheckoutRefused, type ProblemLine } from '../../../lib/place-order.ts';
import { errorText } from '../../../lib/error-text.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useCheckout } from '../api/checkout.ts';

export const CHECKOUT_SUCCESS = 'Your order is placed';
export const CHECKOUT_SUCCESS_DETAIL = 'Pay for it by card to complete it.';

/** The contract's checkout fields; the schema (and zod) load when the form is first used. */
const checkoutFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((m) => m.CheckoutBody),
);

/**
 * The shipping address and phone once for the whole cart, then POST /api/checkout and on to the
 * new order's payment page. `cart` says what is being bought (a retry of the same cart and
 * address keeps its Idempotency-Key, a changed one gets a new key). A refusal shows the server's
 * message, and `onRefused` gets the lines it names.
 */
export function CheckoutForm({
  cart,
  onRefused,
}: {
  cart: string;
  onRefused: (lines: ProblemLine[]) => void;
}) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: checkoutFields, defaultValues: { address: '', phone: '' } });

  // One Idempotency-Key per submission, as the purchase form keeps one (purchase-form.tsx).
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (body: CheckoutBody) => {
    const signature = JSON.stringify([body, cart]);
    if (attempt.current?.body !== signature) {
      attempt.current = { key: newIdempotencyKey(), body: signature };
    }
    return attempt.current.key;
  };

  const submit = (body: CheckoutBody) => {
    onRefused([]);
    checkout.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: ({ insertedId }) => {
          attempt.current = null;
          toast.success(CHECKOUT_SUCCESS, { description: CHECKOUT_SUCCESS_DETAIL });
          void navigate(href('/dashboard/payment/:id', { id: encodeURIComponent(insertedId) }));
        },
        onError: (error) => {
          // A 4xx is the server's final word on this submission: the next one is a new one.
          // No answer or a 5xx may have placed the order: a retry keeps the key.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            attempt.current = null;
          }
          if (error instanceof CheckoutRefused) onRefused(error.lines);
        },
      },
    );
  };

  const failure = checkout.error ? errorText(checkout.error) : (errors.root?.message ?? null);

  return (
    <form
      noValidate
      aria-label="Check out"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={checkoutFields.preload}
      className="flex flex-col gap-4"
    >
      {/* Disabled in the copy the server renders until the app runs the form. */}
      <ReadyFieldset>
        <ShippingFields register={register} errors={errors} />
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-lg w-full"
          disabled={checkout.isPending}
        >
          {checkout.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Check out
        </button>
      </ReadyFieldset>
      <p className="text-center text-sm text-slate-700">You pay by card on the next page.</p>
    </form>
  );
}
