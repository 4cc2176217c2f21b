import { useId, useState } from 'react';
import { href, Link } from 'react-router';
import {
  FIELD_ERROR,
  FIELD_HINT,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { formatDollars } from '../../../lib/money.ts';
import type { CartItem } from './cart-items.ts';
import { checkQuantity } from './quantity-check.ts';

export interface CartLineProps {
  item: CartItem;
  /** Why the last checkout refused this line, else null. */
  refused: string | null;
  /** A change of this line is on its way. */
  busy: boolean;
  /** Why the last change of this line failed (the server's words), else null. */
  failure: string | null;
  /** Sets the line's quantity (already checked against the part's minimum and stock). */
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** The box of a line's quantity: checked and sent when it loses focus or on Enter. */
function QuantityBox({
  item,
  busy,
  failure,
  onQuantity,
}: Omit<CartLineProps, 'refused' | 'onRemove'>) {
  const id = useId();
  // What the buyer typed and has not been sent (null: the line's quantity).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? failure;

  const commit = async () => {
    if (draft === null || draft === String(item.quantity)) {
      setDraft(null);
      setError(null);
      return;
    }
    let check: Awaited<ReturnType<typeof checkQuantity>>;
    try {
      check = await checkQuantity(draft, item.min, item.stock);
    } catch {
      setError('Cannot reach the shop. Check your connection and try again.');
      return;
    }
    if (check.error !== undefined) {
      setError(check.error);
      return;
    }
    setError(null);
    setDraft(null);
    onQuantity(check.quantity);
  };

  return (
    <form
      noValidate
      className="col-span-2 sm:col-span-1"
      onSubmit={(event) => {
        event.preventDefault();
        void commit();
      }}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-900">
        Quantity <span className="sr-only">of {item.name}</span>
      </label>
      <ReadyFieldset>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={item.min}
          max={item.stock}
          step={1}
          value={draft ?? String(item.quantity)}
          disabled={busy}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy(!!shown && `${id}-error`, `${id}-hint`)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void commit()}
          className={`input input-sm w-28 border ${fieldBorder(!!shown)}`}
        />
      </ReadyFieldset>
      {shown && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {shown}
        </p>
      )}
      <p id={`${id}-hint`} className={FIELD_HINT}>
        {item.stock >= item.min ? `From ${item.min} to ${item.stock} units.` : 'Out of stock.'}
      </p>
    </form>
  );
}

/**
 * One line of the cart: the part's picture, name (linked to its page) and part number, its unit
 * price and the volume price that applies, the quantity, the line's total and Remove. A line the
 * cart cannot serve as it stands (or that the last checkout refused) is marked and says why.
 */
export function CartLine({ item, refused, busy, failure, onQuantity, onRemove }: CartLineProps) {
  const problemId = useId();
  const problem = refused ?? item.problem;

  return (
    <li
      aria-describedby={problem ? problemId : undefined}
      className={`grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-3 p-4 sm:grid-cols-[5rem_minmax(0,1fr)_9rem_9rem] sm:gap-x-6 ${
        problem ? 'bg-red-50 ring-2 ring-red-300 ring-inset' : ''
      }`}
    >
      <ResponsiveImage
        src={item.image}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        className="h-16 w-16 rounded-lg bg-slate-100 object-contain p-1.5 sm:h-20 sm:w-20"
      />
      <div className="min-w-0">
        <h2 className="font-bold break-words text-slate-900">
          <Link
            to={href('/parts/:partsId', { partsId: item.partId })}
            className="underline-offset-4 hover:text-primary hover:underline"
          >
            {item.name}
          </Link>
        </h2>
        <dl className="mt-1 text-sm text-slate-700">
          {item.sku && (
            <div className="flex flex-wrap gap-x-1">
              <dt>Part number:</dt>
              <dd className="font-mono text-slate-900">{item.sku}</dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-1">
            <dt>Unit price:</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {formatDollars(item.basePrice)}
            </dd>
          </div>
          {item.volumeFrom !== null && (
            <div className="flex flex-wrap gap-x-1">
              <dt>Volume price from {item.volumeFrom} units:</dt>
              <dd className="font-semibold text-green-800 tabular-nums">
                {formatDollars(item.price)}
              </dd>
            </div>
          )}
        </dl>
        {problem && (
          <p id={problemId} className="mt-2 text-sm font-medium text-error">
            {problem}
          </p>
        )}
      </div>
      <QuantityBox item={item} busy={busy} failure={failure} onQuantity={onQuantity} />
      <div className="col-span-2 flex items-center justify-between gap-4 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start">
        <p className="text-sm text-slate-700 sm:text-right">
          Line total
          <span className="block text-lg font-bold text-slate-900 tabular-nums">
            {formatDollars(item.total)}
          </span>
        </p>
        <ReadyFieldset>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            disabled={busy}
            onClick={onRemove}
          >
            {busy && <span aria-hidden="true" className="spinner size-4" />}
            Remove <span className="sr-only">{item.name}</span>
          </button>
        </ReadyFieldset>
      </div>
    </li>
  );
}
