import { zodResolver } from '@hookform/resolvers/zod';
import type { Part } from '@partsmith/contract';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from '@partsmith/contract/zod-subset';
import { useUpdatePart } from '../api/update-part.ts';
import { messageOf, SAVED } from './admin-messages.ts';

const twoDecimals = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/**
 * The contract's UpdatePartBody rules, for two text boxes: an empty box is "missing" (not 0),
 * and a price keeps at most two decimals (money is stored in cents).
 */
export const EditPartFields = z.object({
  availableQuantity: z
    .string()
    .trim()
    .min(1, 'Stock is Required')
    .pipe(
      z.coerce
        .number<string>({ message: 'Stock must be a number' })
        .int('Stock must be a whole number')
        .min(0, 'Stock cannot be negative')
        .max(10_000_000, 'Stock is too high'),
    ),
  price: z
    .string()
    .trim()
    .min(1, 'Price is Required')
    .pipe(
      z.coerce
        .number<string>({ message: 'Price must be a number' })
        .min(0.01, 'Price must be at least $0.01')
        .max(1_000_000, 'Price is too high')
        .refine(twoDecimals, 'Price has at most 2 decimals'),
    ),
});
type EditPartInput = z.input<typeof EditPartFields>;
type EditPartValues = z.output<typeof EditPartFields>;

export const NOTHING_CHANGED = 'Change the stock or the price';

const LABEL = 'mb-1 block text-sm font-semibold text-slate-900';
const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');

/** The inline 'Edit stock & price' form of a part card: PATCH only what changed. */
export function EditPartForm({
  id,
  part,
  onClose,
}: {
  id: string;
  part: Part;
  /** Closes the form; `saved` tells whether the change went through. */
  onClose: (saved: boolean) => void;
}) {
  const uid = useId();
  const ids = { stock: `${uid}-stock`, price: `${uid}-price`, error: `${uid}-error` };
  const update = useUpdatePart();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<EditPartInput, unknown, EditPartValues>({
    resolver: zodResolver(EditPartFields),
    defaultValues: {
      availableQuantity: String(part.availableQuantity),
      price: String(part.price),
    },
  });

  useEffect(() => setFocus('availableQuantity', { shouldSelect: true }), [setFocus]);

  const submit = async (values: EditPartValues) => {
    if (update.isPending) return;
    const body: { availableQuantity?: number; price?: number } = {};
    if (values.availableQuantity !== part.availableQuantity) {
      body.availableQuantity = values.availableQuantity;
    }
    if (values.price !== part.price) body.price = values.price;
    if (Object.keys(body).length === 0) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    setFormError(null);
    try {
      await update.mutateAsync({ id: part._id, body });
      toast.success(SAVED, { description: part.name });
      onClose(true);
    } catch (error) {
      setFormError(messageOf(error));
    }
  };

  const fieldError = (name: keyof EditPartInput) => errors[name]?.message;
  // Escape in a box closes the form, like Cancel.
  const onEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose(false);
  };

  return (
    <form
      id={id}
      noValidate
      aria-label={`Edit stock & price of ${part.name}`}
      aria-describedby={formError ? ids.error : undefined}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['availableQuantity', ids.stock, 'Stock', { step: 1, min: 0, inputMode: 'numeric' }],
            ['price', ids.price, 'Price ($)', { step: 0.01, min: 0.01, inputMode: 'decimal' }],
          ] as const
        ).map(([name, fieldId, label, attrs]) => {
          const message = fieldError(name);
          return (
            <div key={name} className="min-w-0">
              <label htmlFor={fieldId} className={LABEL}>
                {label}
              </label>
              <input
                id={fieldId}
                type="number"
                {...attrs}
                className={`input input-sm w-full border bg-white ${border(!!message)}`}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${fieldId}-error` : undefined}
                onKeyDown={onEscape}
                {...register(name)}
              />
              {message && (
                <p id={`${fieldId}-error`} className={FIELD_ERROR}>
                  {message}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {formError && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-error">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onKeyDown={onEscape}
          onClick={() => onClose(false)}
        >
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          aria-disabled={update.isPending || undefined}
          onKeyDown={onEscape}
        >
          {update.isPending && <span aria-hidden="true" className="spinner size-4" />}
          Save
          <span className="sr-only">: {part.name}</span>
        </button>
      </div>
    </form>
  );
}
