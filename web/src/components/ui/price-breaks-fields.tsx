import { PRICE_BREAKS_MAX } from '@partsmith/contract/constants';
import { useId, useRef, type KeyboardEvent } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { EditableRows } from './editable-rows.tsx';
import { describedBy, FIELD_ERROR, fieldBorder } from './form-field.tsx';

/** One break as its two text boxes hold it; empty boxes read as "missing", not 0. */
export interface PriceBreakRow {
  minQuantity: string;
  price: string;
}

/** The part of a form these fields use: its `priceBreaks` rows. */
export interface PriceBreakForm {
  priceBreaks: PriceBreakRow[];
}

/** A part's stored breaks as the form's text boxes. */
export const priceBreakRows = (breaks: readonly { minQuantity: number; price: number }[]) =>
  breaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(b.price) }));

/** Blank boxes as missing values, so the contract says "enter …" rather than reading 0. */
export const blankAsMissing = (rows: unknown) =>
  Array.isArray(rows)
    ? rows.map((row: unknown) =>
        typeof row === 'object' && row !== null
          ? Object.fromEntries(
              Object.entries(row).map(([key, value]) => [
                key,
                typeof value === 'string' && value.trim() === '' ? undefined : value,
              ]),
            )
          : row,
      )
    : rows;

const LABEL = 'mb-1 block text-sm font-semibold text-slate-900';

/**
 * "Volume prices": rows of "From quantity" and "Unit price" that an admin adds and removes,
 * checked by the contract's PriceBreaks like the rest of the form. Each box has its label and
 * its error tied by aria-describedby; a new row's quantity box takes the focus, and removing a
 * row hands it to the add button, so the keyboard never loses its place.
 */
export function PriceBreaksFields({
  control,
  register,
  errors,
  compact = false,
  onKeyDown,
}: {
  /** The form's control and register; the form has `priceBreaks` rows (PriceBreakForm). */
  control: Control<PriceBreakForm>;
  register: UseFormRegister<PriceBreakForm>;
  errors: FieldErrors<PriceBreakForm>['priceBreaks'];
  /** Small controls, for the inline editor of Manage Products. */
  compact?: boolean;
  /** The form's own keys on every box and button here (the inline editor closes on Escape). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const size = compact ? 'input-sm' : '';

  return (
    <EditableRows
      legend="Volume prices"
      hint="Optional: a lower unit price from a quantity on. Each break starts at a higher quantity and costs less than the one before."
      error={errors?.message ?? errors?.root?.message}
      full={fields.length >= PRICE_BREAKS_MAX}
      fullText={`At most ${PRICE_BREAKS_MAX} volume prices.`}
      addLabel="Add a volume price"
      onAdd={() => append({ minQuantity: '', price: '' }, { shouldFocus: true })}
      addButton={addButton}
      compact={compact}
      onKeyDown={onKeyDown}
    >
      {fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const quantityId = `${id}-${index}-quantity`;
        const priceId = `${id}-${index}-price`;
        const quantityError = rowErrors?.minQuantity?.message;
        const priceError = rowErrors?.price?.message;
        const n = index + 1;
        return (
          <li
            key={field.id}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-3"
          >
            <div className="min-w-0">
              <label htmlFor={quantityId} className={LABEL}>
                From quantity<span className="sr-only"> (break {n})</span>
              </label>
              <input
                id={quantityId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="e.g. 50"
                className={`input ${size} w-full border bg-white ${fieldBorder(!!quantityError)}`}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={describedBy(quantityError && `${quantityId}-error`)}
                onKeyDown={onKeyDown}
                {...register(`priceBreaks.${index}.minQuantity`)}
              />
              {quantityError && (
                <p id={`${quantityId}-error`} className={FIELD_ERROR}>
                  {quantityError}
                </p>
              )}
            </div>
            <div className="min-w-0">
              <label htmlFor={priceId} className={LABEL}>
                Unit price ($)<span className="sr-only"> (break {n})</span>
              </label>
              <input
                id={priceId}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 19.99"
                className={`input ${size} w-full border bg-white ${fieldBorder(!!priceError)}`}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={describedBy(priceError && `${priceId}-error`)}
                onKeyDown={onKeyDown}
                {...register(`priceBreaks.${index}.price`)}
              />
              {priceError && (
                <p id={`${priceId}-error`} className={FIELD_ERROR}>
                  {priceError}
                </p>
              )}
            </div>
            <button
              type="button"
              // The visible word first (WCAG 2.5.3), then which row it removes.
              aria-label={`Remove break ${n}`}
              onKeyDown={onKeyDown}
              // Lined up with the boxes, below their labels.
              className={`btn btn-ghost ${compact ? 'btn-sm mt-6' : 'mt-7'}`}
              onClick={() => {
                remove(index);
                addButton.current?.focus();
              }}
            >
              Remove
            </button>
          </li>
        );
      })}
    </EditableRows>
  );
}
