import { useQueryClient } from '@tanstack/react-query';
import type { Part, PurchaseBody as PurchaseBodyInput } from '@partsmith/contract';
import { quantityMessage } from '@partsmith/contract/constants';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { href, Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type * as z from '@partsmith/contract/zod-subset';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { formatDollars } from '../../../lib/money.ts';
import { quoteLink } from '../../../lib/quote-link.ts';
import { partQueryKey } from '../../../lib/get-part.ts';
import { usePurchase } from '../api/purchase.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { PurchaseFields } from './purchase-fields.ts';
import { FixedField, FormField, fieldBorder } from '../../../components/ui/form-field.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { ShippingFields } from '../../../components/ui/shipping-fields.tsx';
// From its own file, for the reason price-table.tsx gives.
import { centsPricing, priceTiers, unitPriceCents } from '@partsmith/contract/pricing';
import { PriceTable } from '../../../components/ui/price-table.tsx';

/** The spec's text, misspelling corrected (docs/spec.md, Differences from the specification). */
export const PURCHASE_SUCCESS = 'Your Purchase Is Complete !';
export const PURCHASE_SUCCESS_DETAIL = 'Check your email for the confirmation.';
/**
 * The form's checks (purchase-fields.ts) load with zod when the buyer first focuses the form or
 * submits it, not with the page (docs/decisions/038): the page's first render waits for no zod.
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

export const REQUEST_A_QUOTE = 'Request a quote';

export const ADDED_TO_CART = 'Added to your cart';
export const VIEW_CART = 'View your cart';

/**
 * Puts `quantity` units of a part in the buyer's cart (the cart's line then holds that many);
 * rejects with an ApiError the server's words (the cart feature's, composed by the route).
 */
export type AddToCart = (line: { partId: string; quantity: number }) => Promise<unknown>;

/**
 * Quantity, address and phone, checked before anything is sent. With `addToCart`, an Add to cart
 * button beside Purchase puts the quantity in the cart instead, checked by the same rules.
 */
export function PurchaseForm({
  part,
  user,
  addToCart,
}: {
  part: Part;
  user: Buyer;
  addToCart?: AddToCart;
}) {
  const ids = useFieldIds('name', 'email', 'quantity', 'address', 'phone');
  const min = part.minOrderQuantity;
  const max = part.availableQuantity;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const {
    register,
    handleSubmit,
    control,
    trigger,
    getValues,
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
          void navigate(href('/dashboard/my-orders'));
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

  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  // The quantity alone is checked, as Purchase checks it (its field's messages, then the
  // 'Oops...' dialog out of range); the address and phone are asked at checkout.
  const onAddToCart = async () => {
    if (!addToCart || adding) return;
    setAddError(null);
    if (!(await trigger('quantity', { shouldFocus: true }))) return;
    const quantity = Number(getValues('quantity'));
    if (quantity < min || quantity > max) {
      void showErrorDialog(quantityMessage(min, max));
      return;
    }
    setAdding(true);
    try {
      await addToCart({ partId: part._id, quantity });
      toast.success(ADDED_TO_CART, {
        description: (
          // The toaster sits outside the router: a plain link, followed by the app's router.
          <a
            href={href('/cart')}
            className="font-semibold underline"
            onClick={(event) => {
              event.preventDefault();
              void navigate(href('/cart'));
            }}
          >
            {VIEW_CART}
          </a>
        ),
      });
    } catch (error) {
      if (isDialogError(error)) {
        void showErrorDialog((error as ApiError).message);
        void queryClient.invalidateQueries({ queryKey: partQueryKey(part._id) });
      } else setAddError(errorText(error));
    } finally {
      setAdding(false);
    }
  };

  // The unit price is the one the server will charge for this quantity (the same function).
  const pricing = useMemo(() => centsPricing(part), [part]);
  const tiers = useMemo(() => priceTiers(part), [part]);
  const typed = Number(useWatch({ control, name: 'quantity' }));
  const quantity = Number.isInteger(typed) && typed > 0 ? typed : null;
  const unitCents = unitPriceCents(pricing, quantity ?? part.minOrderQuantity);
  const total = quantity === null ? null : (unitCents * quantity) / 100;
  const inlineError =
    purchase.error && !isDialogError(purchase.error) ? errorText(purchase.error) : addError;

  return (
    <form
      noValidate
      // handleSubmit runs at submit time, never during render (the key lives in a ref).
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={purchaseFields.preload}
      aria-label="Purchase"
      className="flex flex-col gap-5"
    >
      {/* Disabled in the server's copy of the page (docs/decisions/038) until the app runs it. */}
      <ReadyFieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FixedField id={ids.name} label="Your name" type="text" value={user.name} />
          <FixedField id={ids.email} label="Email" type="email" value={user.email} />
        </div>

        <FormField
          id={ids.quantity}
          label="Quantity"
          error={errors.quantity?.message}
          hint={`From ${min} to ${max} units.`}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              className={`input w-full border sm:w-48 ${fieldBorder(!!errors.quantity)}`}
              {...register('quantity')}
            />
          )}
        </FormField>

        {tiers.length > 1 && <PriceTable tiers={tiers} quantity={quantity} />}

        <ShippingFields register={register} errors={errors} ids={ids} />

        <div className="flex flex-col gap-1 border-t border-slate-200 pt-4">
          <div className="flex items-baseline justify-between gap-4">
            <span className="text-slate-700">Unit price</span>
            <span className="font-semibold text-slate-900">{formatDollars(unitCents / 100)}</span>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-slate-700">Order total</span>
            <span className="text-2xl font-extrabold text-slate-900">
              {total === null ? '—' : formatDollars(total)}
            </span>
          </div>
        </div>

        {(inlineError ?? errors.root?.message) && (
          <div role="alert" className="alert alert-error">
            {inlineError ?? errors.root?.message}
          </div>
        )}

        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            className="btn btn-primary btn-lg w-full sm:w-auto sm:flex-1"
            disabled={purchase.isPending}
          >
            {purchase.isPending && <span aria-hidden="true" className="spinner size-5" />}
            Purchase
          </button>
          {addToCart && (
            <button
              type="button"
              className="btn btn-outline btn-primary btn-lg w-full sm:w-auto sm:flex-1"
              disabled={adding}
              onClick={() => void onAddToCart()}
            >
              {adding && <span aria-hidden="true" className="spinner size-5" />}
              Add to cart
            </button>
          )}
        </div>
        <p className="text-center text-sm text-slate-700">
          You pay by card from My Orders once the order is placed.
        </p>
        <p className="text-center text-sm text-slate-700">
          Need a large quantity or a price for a project?{' '}
          <Link
            to={quoteLink(part._id, quantity ?? min)}
            className="link link-primary font-semibold"
          >
            {REQUEST_A_QUOTE}
          </Link>
        </p>
      </ReadyFieldset>
    </form>
  );
}
