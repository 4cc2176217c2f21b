import { zodResolver } from '@hookform/resolvers/zod';
import {
  LEAD_TIME_DAYS_MAX,
  priceBreakBaseIssues,
  PriceBreaks,
  type Category,
  type Part,
} from '@partsmith/contract';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  useForm,
  type Control,
  type Resolver,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import * as z from '@partsmith/contract/zod-subset';
import {
  blankAsMissing,
  priceBreakRows,
  PriceBreaksFields,
  type PriceBreakForm,
  type PriceBreakRow,
} from '../../../components/ui/price-breaks-fields.tsx';
import {
  sameAttributes,
  SpecificationFields,
  specificationFields,
  specificationSource,
  specificationTexts,
  type Specification,
  type SpecificationForm,
} from '../../../components/ui/specification-fields.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { usePartSpecification } from '../api/get-part-specification.ts';
import { useUpdatePart, type UpdatePartInput } from '../api/update-part.ts';
import { messageOf, SAVED } from './admin-messages.ts';

const twoDecimals = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/**
 * The contract's UpdatePartBody rules, for two text boxes and the volume prices' rows: an empty
 * box is "missing" (not 0), and a price keeps at most two decimals (money is stored in cents).
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
  priceBreaks: z.preprocess(blankAsMissing, PriceBreaks),
  /** Empty: back to the default (twice the minimum order), sent as null. */
  lowStockThreshold: z
    .string()
    .trim()
    .pipe(
      z.preprocess(
        (text) => (text === '' ? null : text),
        z.coerce
          .number<string>({ message: 'The alert must be a number' })
          .int('The alert must be a whole number')
          .min(0, 'The alert cannot be negative')
          .max(10_000_000, 'The alert is too high')
          .nullable(),
      ),
    ),
  /** Empty: not known, sent as null (the part's page then names no lead time). */
  leadTimeDays: z
    .string()
    .trim()
    .pipe(
      z.preprocess(
        (text) => (text === '' ? null : text),
        z.coerce
          .number<string>({ message: 'The lead time must be a number of days' })
          .int('The lead time must be a whole number of days')
          .min(0, 'The lead time cannot be negative')
          .max(LEAD_TIME_DAYS_MAX, `The lead time is at most ${LEAD_TIME_DAYS_MAX} days`)
          .nullable(),
      ),
    ),
});
interface EditPartInput extends SpecificationForm {
  availableQuantity: string;
  price: string;
  priceBreaks: PriceBreakRow[];
  lowStockThreshold: string;
  leadTimeDays: string;
}
type EditPartValues = z.output<typeof EditPartFields> & Partial<Specification>;

/**
 * EditPartFields for one part: its breaks checked against the price in the form and the part's
 * minimum order (the contract's own rule; the server checks the same on the saved part), and
 * its attributes by the chosen category's schema (a part filed under a category stays under
 * one; before the categories load, the category and attributes are left as they are).
 */
const editPartFieldsFor = (
  minOrderQuantity: number,
  categories: readonly Category[] | undefined,
  hasCategory: boolean,
) =>
  z.intersection(
    EditPartFields.superRefine((values, ctx) => {
      for (const issue of priceBreakBaseIssues(values.priceBreaks, {
        price: values.price,
        minOrderQuantity,
      }))
        ctx.addIssue({
          code: 'custom',
          input: values,
          ...issue,
          path: ['priceBreaks', ...issue.path],
        });
    }),
    specificationFields(categories, hasCategory),
  );

const sameBreaks = (a: Part['priceBreaks'], b: Part['priceBreaks']) =>
  a.length === b.length &&
  a.every((x, i) => x.minQuantity === b[i]!.minQuantity && x.price === b[i]!.price);

export const NOTHING_CHANGED = 'Change the stock or the price';

const LABEL = 'mb-1 block text-sm font-semibold text-slate-900';
const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');

/**
 * The inline 'Edit part' form of a part card, with the part's category and attributes
 * (read from GET /api/part/:id when it opens: the list does not carry them): PATCH only what
 * changed, the category and attributes together.
 */
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
  const ids = {
    stock: `${uid}-stock`,
    price: `${uid}-price`,
    lowStock: `${uid}-low-stock`,
    leadTime: `${uid}-lead-time`,
    error: `${uid}-error`,
  };
  const update = useUpdatePart();
  const [formError, setFormError] = useState<string | null>(null);
  const stored = usePartSpecification(part._id);
  const source = specificationSource(useCategories(), stored);
  const storedTexts = useMemo(
    () => stored.data && specificationTexts(stored.data.category, stored.data.attributes),
    [stored.data],
  );
  const ready = source.categories !== undefined;
  const hasCategory = ready && !!storedTexts?.category;
  const schema = useMemo(
    () => editPartFieldsFor(part.minOrderQuantity, source.categories, hasCategory),
    [part.minOrderQuantity, source.categories, hasCategory],
  );
  const form = useForm<EditPartInput, unknown, EditPartValues>({
    // The rows' schema reads its input as unknown (it treats blank boxes first); the boxes hold text.
    resolver: zodResolver(schema) as unknown as Resolver<EditPartInput, unknown, EditPartValues>,
    defaultValues: {
      availableQuantity: String(part.availableQuantity),
      price: String(part.price),
      priceBreaks: priceBreakRows(part.priceBreaks),
      lowStockThreshold: part.lowStockThreshold === undefined ? '' : String(part.lowStockThreshold),
      leadTimeDays: part.leadTimeDays == null ? '' : String(part.leadTimeDays),
      category: '',
      attributes: {},
    },
  });
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    control,
    formState: { errors },
  } = form;

  useEffect(() => setFocus('availableQuantity', { shouldSelect: true }), [setFocus]);
  // The stored category and attributes, once they and the categories are here.
  useEffect(() => {
    if (!ready || !storedTexts) return;
    setValue('category', storedTexts.category);
    setValue('attributes', storedTexts.attributes);
  }, [ready, storedTexts, setValue]);

  const submit = async (values: EditPartValues) => {
    if (update.isPending) return;
    const body: UpdatePartInput['body'] = {};
    if (values.availableQuantity !== part.availableQuantity) {
      body.availableQuantity = values.availableQuantity;
    }
    if (values.price !== part.price) body.price = values.price;
    if (!sameBreaks(values.priceBreaks, part.priceBreaks)) body.priceBreaks = values.priceBreaks;
    if (values.lowStockThreshold !== (part.lowStockThreshold ?? null))
      body.lowStockThreshold = values.lowStockThreshold;
    if (values.leadTimeDays !== (part.leadTimeDays ?? null))
      body.leadTimeDays = values.leadTimeDays;
    if (
      values.category &&
      values.attributes &&
      (values.category !== stored.data?.category ||
        !sameAttributes(values.attributes, stored.data.attributes))
    ) {
      body.category = values.category;
      body.attributes = values.attributes;
    }
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

  const fieldError = (name: 'availableQuantity' | 'price' | 'lowStockThreshold' | 'leadTimeDays') =>
    errors[name]?.message;
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
      aria-label={`Edit ${part.name}`}
      aria-describedby={formError ? ids.error : undefined}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            [
              'availableQuantity',
              ids.stock,
              'Stock',
              { step: 1, min: 0, inputMode: 'numeric' },
              undefined,
            ],
            [
              'price',
              ids.price,
              'Price ($)',
              { step: 0.01, min: 0.01, inputMode: 'decimal' },
              undefined,
            ],
            [
              'lowStockThreshold',
              ids.lowStock,
              'Low-stock alert below',
              { step: 1, min: 0, inputMode: 'numeric' },
              undefined,
            ],
            [
              'leadTimeDays',
              ids.leadTime,
              'Lead time (days)',
              { step: 1, min: 0, max: LEAD_TIME_DAYS_MAX, inputMode: 'numeric' },
              'Shown while it is out of stock. Empty: not known.',
            ],
          ] as const
        ).map(([name, fieldId, label, attrs, hint]) => {
          const message = fieldError(name);
          const hintId = hint ? `${fieldId}-hint` : undefined;
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
                aria-describedby={
                  [message && `${fieldId}-error`, hintId].filter(Boolean).join(' ') || undefined
                }
                onKeyDown={onEscape}
                {...register(name)}
              />
              {message && (
                <p id={`${fieldId}-error`} className={FIELD_ERROR}>
                  {message}
                </p>
              )}
              {hint && (
                <p id={hintId} className="mt-1 text-xs text-slate-700">
                  {hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <PriceBreaksFields
        compact
        // The form holds more than the rows; these fields only touch `priceBreaks`.
        control={control as unknown as Control<PriceBreakForm>}
        register={register as unknown as UseFormRegister<PriceBreakForm>}
        errors={errors.priceBreaks}
        onKeyDown={onEscape}
      />
      <SpecificationFields
        compact
        // The form holds more than these; the fields only touch `category` and `attributes`.
        form={form as unknown as UseFormReturn<SpecificationForm>}
        errors={errors}
        source={source}
        stored={storedTexts}
        onKeyDown={onEscape}
      />
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
