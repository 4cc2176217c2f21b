import { centsPricing, priceTiers, unitPriceCents } from '@partsmith/contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { href, Link } from 'react-router';
import {
  FIELD_ERROR,
  FIELD_HINT,
  FIELD_LABEL,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { PriceTable } from '../../../components/ui/price-table.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { quoteLink } from '../../../lib/quote-link.ts';
import { cartQuery, cartQueryKey } from '../api/get-cart.ts';
import { setCartLine } from '../api/set-cart-line.ts';

/** What the form needs of a part (the catalogue's answer has more). */
export interface CartablePart {
  _id: string;
  name: string;
  price: number;
  availableQuantity: number;
  minOrderQuantity: number;
  priceBreaks: { minQuantity: number; price: number }[];
}

/** Why a typed quantity cannot be ordered, or null when it can. */
export function quantityProblem(text: string, min: number, max: number): string | null {
  const quantity = Number(text);
  if (text.trim() === '' || !Number.isInteger(quantity))
    return 'Enter the number of units, a whole number.';
  if (quantity < min) return `The minimum order is ${min} units.`;
  if (quantity > max) return `Only ${max} units are in stock.`;
  return null;
}

/**
 * A part page's quantity, its unit price and volume prices, and Add to cart, for visitors as for
 * customers (PUT /api/cart/lines/:partId: a visitor's cart is kept by the server on a cookie).
 * Adding a part that is in the cart already adds to its line. Beside it, Buy now (the spec's
 * purchase page) and Request a quote at the chosen quantity.
 */
export function AddToCartForm({ part }: { part: CartablePart }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const min = part.minOrderQuantity;
  const max = part.availableQuantity;
  const [text, setText] = useState(String(min));
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);

  const pricing = useMemo(() => centsPricing(part), [part]);
  const tiers = useMemo(() => priceTiers(part), [part]);
  const typed = Number(text);
  const quantity = Number.isInteger(typed) && typed > 0 ? typed : null;
  const unitCents = unitPriceCents(pricing, quantity ?? min);

  const add = useMutation({
    mutationFn: async (units: number) => {
      // Added to what the cart holds already (the line's quantity is set, not added, by PUT).
      const cart = await queryClient.fetchQuery({ ...cartQuery(), staleTime: 0 });
      const inCart = cart.lines.find((line) => line.partId === part._id)?.quantity ?? 0;
      return setCartLine({ partId: part._id, quantity: inCart + units });
    },
    onSuccess: (cart, units) => {
      queryClient.setQueryData(cartQueryKey, cart);
      setAdded(units);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const found = quantityProblem(text, min, max);
    setProblem(found);
    if (found || quantity === null) return;
    add.mutate(quantity);
  };

  const quantityId = `${ids}-quantity`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const failure = add.error ? errorText(add.error) : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Add to cart" className="flex flex-col gap-4">
      <ReadyFieldset>
        {tiers.length > 1 && <PriceTable tiers={tiers} quantity={quantity} />}
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={quantityId} className={FIELD_LABEL}>
              Quantity
            </label>
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
              className={`input w-32 border ${fieldBorder(!!problem)}`}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending && <span aria-hidden="true" className="spinner size-5" />}
            Add to cart
          </button>
        </div>
        <p id={hintId} className={FIELD_HINT}>
          From {min} to {max} units: {formatDollars(unitCents / 100)} each
          {quantity !== null && quantity >= min && quantity <= max
            ? `, ${formatDollars((unitCents * quantity) / 100)} in all.`
            : '.'}
        </p>
        {problem && (
          <p id={errorId} className={FIELD_ERROR}>
            {problem}
          </p>
        )}
      </ReadyFieldset>
      <div role="status" aria-live="polite">
        {added !== null && (
          <p className="rounded-box bg-emerald-50 p-3 text-emerald-900">
            Added {added} × {part.name} to your cart.{' '}
            <Link to={href('/cart')} className="font-semibold underline underline-offset-4">
              View cart
            </Link>
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to={href('/purchase/:partsId', { partsId: part._id })} className="btn btn-outline">
          Buy now
        </Link>
        <Link
          to={quoteLink(part._id, quantity ?? min)}
          className="btn btn-ghost underline underline-offset-4"
        >
          Request a quote
        </Link>
      </div>
    </form>
  );
}
