import { zodResolver } from '@hookform/resolvers/zod';
import {
  LEAD_TIME_DAYS_MAX,
  PartDescription,
  PartName,
  PartSku,
  priceBreakBaseIssues,
  PriceBreaks,
  SKU_MAX,
  WEIGHT_GRAMS_MAX,
  WeightGramsField,
  type AdminPart,
  type Category,
  type Part,
} from '@partsmith/contract';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  useController,
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import * as z from '@partsmith/contract/zod-subset';
import { describedBy, FIELD_ERROR } from '../../../components/ui/form-field.tsx';
import { WAIT_FOR_UPLOAD } from '../../../components/ui/image-form.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import {
  blankAsMissing,
  priceBreakRows,
  PriceBreaksFields,
  type PriceBreakForm,
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
import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { usePartForEditing } from '../api/get-part-for-editing.ts';
import { useUpdatePart, type PartChanges } from '../api/update-part.ts';
import { messageOf, SAVED } from './admin-messages.ts';

const twoDecimals = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** A box that must hold a number: empty is "missing" (not the 0 coercion makes). */
const requiredNumber = (required: string, number: z.ZodType<number, string>) =>
  z.string().trim().min(1, required).pipe(number);

/** A box whose emptiness means null (not known, or the default), sent as such. */
const optionalNumber = (number: z.ZodType<number, string>) =>
  z
    .string()
    .trim()
    .pipe(z.preprocess((text) => (text === '' ? null : text), number.nullable()));

/**
 * The editor's rules, the contract's (EditPartBody) for text boxes: an empty box is missing, a
 * price keeps at most two decimals (money is stored in cents), an empty weight is 0.
 */
export const EditPartFields = z.object({
  name: PartName,
  description: PartDescription,
  sku: z.string().trim(),
  minOrderQuantity: requiredNumber(
    'Minimum order is Required',
    z.coerce
      .number<string>({ message: 'Minimum order must be a number' })
      .int('Minimum order must be a whole number')
      .min(1, 'Minimum order must be at least 1')
      .max(10_000_000, 'Minimum order is too high'),
  ),
  availableQuantity: requiredNumber(
    'Stock is Required',
    z.coerce
      .number<string>({ message: 'Stock must be a number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000, 'Stock is too high'),
  ),
  price: requiredNumber(
    'Price is Required',
    z.coerce
      .number<string>({ message: 'Price must be a number' })
      .min(0.01, 'Price must be at least $0.01')
      .max(1_000_000, 'Price is too high')
      .refine(twoDecimals, 'Price has at most 2 decimals'),
  ),
  priceBreaks: z.preprocess(blankAsMissing, PriceBreaks),
  /** Empty: back to the default (twice the minimum order), sent as null. */
  lowStockThreshold: optionalNumber(
    z.coerce
      .number<string>({ message: 'The alert must be a number' })
      .int('The alert must be a whole number')
      .min(0, 'The alert cannot be negative')
      .max(10_000_000, 'The alert is too high'),
  ),
  /** Empty: not known, sent as null (the part's page then names no lead time). */
  leadTimeDays: optionalNumber(
    z.coerce
      .number<string>({ message: 'The lead time must be a number of days' })
      .int('The lead time must be a whole number of days')
      .min(0, 'The lead time cannot be negative')
      .max(LEAD_TIME_DAYS_MAX, `The lead time is at most ${LEAD_TIME_DAYS_MAX} days`),
  ),
  /** Empty: 0, no weight (by-weight shipping then counts none for it). */
  weightGrams: z
    .string()
    .trim()
    .pipe(z.preprocess((text) => (text === '' ? 0 : text), WeightGramsField)),
  image: z.string().min(1, 'Upload an image first'),
  listed: z.boolean(),
});

/** The text boxes' and controls' values. */
interface EditPartInput extends SpecificationForm, PriceBreakForm {
  name: string;
  description: string;
  sku: string;
  minOrderQuantity: string;
  availableQuantity: string;
  price: string;
  lowStockThreshold: string;
  leadTimeDays: string;
  weightGrams: string;
  image: string;
  listed: boolean;
}
type EditPartValues = z.output<typeof EditPartFields> & Partial<Specification>;

/** A stored part as the form's controls hold it. */
const inputOf = (part: AdminPart): EditPartInput => ({
  name: part.name,
  description: part.description,
  sku: part.sku,
  minOrderQuantity: String(part.minOrderQuantity),
  availableQuantity: String(part.availableQuantity),
  price: String(part.price),
  priceBreaks: priceBreakRows(part.priceBreaks),
  lowStockThreshold: part.lowStockThreshold === undefined ? '' : String(part.lowStockThreshold),
  leadTimeDays: part.leadTimeDays == null ? '' : String(part.leadTimeDays),
  weightGrams: String(part.weightGrams),
  image: part.image,
  listed: part.listed,
  // Set once the categories are here (a select keeps no value it has no option for).
  category: '',
  attributes: {},
});

/**
 * EditPartFields for one stored part, with the rules that need the part as it will be (the
 * server checks the same): its breaks against the price and minimum order in the form, a new
 * minimum against the stock, a new part number by the contract's rule (its own, made by the
 * shop, may stay), and its attributes by the chosen category's schema (a part filed under a
 * category stays under one; before the categories load, they are left as they are).
 */
const editPartFieldsFor = (
  stored: AdminPart,
  categories: readonly Category[] | undefined,
  hasCategory: boolean,
) =>
  z.intersection(
    EditPartFields.superRefine((values, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', input: values, path, message });
      for (const problem of priceBreakBaseIssues(values.priceBreaks, values))
        issue(['priceBreaks', ...problem.path], problem.message);
      if (
        values.minOrderQuantity !== stored.minOrderQuantity &&
        values.availableQuantity > 0 &&
        values.minOrderQuantity > values.availableQuantity
      )
        issue(['minOrderQuantity'], 'Minimum order cannot be more than the stock');
      if (values.sku !== stored.sku) {
        const sku = PartSku.safeParse(values.sku);
        if (!sku.success) issue(['sku'], sku.error.issues[0]!.message);
      }
    }),
    specificationFields(categories, hasCategory),
  );

const sameBreaks = (a: Part['priceBreaks'], b: Part['priceBreaks']) =>
  a.length === b.length &&
  a.every((x, i) => x.minQuantity === b[i]!.minQuantity && x.price === b[i]!.price);

/** Only the fields whose values differ from the stored part's. */
function changesOf(values: EditPartValues, stored: AdminPart): PartChanges {
  const body: PartChanges = {};
  const simple = [
    'name',
    'description',
    'sku',
    'minOrderQuantity',
    'availableQuantity',
    'price',
    'weightGrams',
    'image',
    'listed',
  ] as const;
  for (const key of simple)
    if (values[key] !== stored[key]) Object.assign(body, { [key]: values[key] });
  if (!sameBreaks(values.priceBreaks, stored.priceBreaks)) body.priceBreaks = values.priceBreaks;
  if (values.lowStockThreshold !== (stored.lowStockThreshold ?? null))
    body.lowStockThreshold = values.lowStockThreshold;
  if (values.leadTimeDays !== (stored.leadTimeDays ?? null))
    body.leadTimeDays = values.leadTimeDays;
  if (
    values.category &&
    values.attributes &&
    (values.category !== stored.category || !sameAttributes(values.attributes, stored.attributes))
  ) {
    body.category = values.category;
    body.attributes = values.attributes;
  }
  return body;
}

export const NOTHING_CHANGED = 'Nothing to save: change a field first.';

const LABEL = 'mb-1 block text-sm font-semibold text-slate-900';
const HINT = 'mt-1 text-xs text-slate-700';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');
const FORM = 'rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4';

type BoxName = Exclude<keyof EditPartInput, 'priceBreaks' | 'category' | 'attributes' | 'listed'>;

/** A labelled box of the editor, its error and hint tied to it by aria-describedby. */
function Box({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ''}`}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(error && `${id}-error`, hint && `${id}-hint`),
      })}
      {error && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * 'Edit part' on Manage Products: every field of the part (name, description, part number,
 * category and its specification, minimum order, stock, price, volume prices, low-stock alert,
 * lead time, weight, image, and whether it is listed), read afresh from GET /api/parts/:id when
 * it opens. Saving sends only what changed (PUT /api/parts/:id); `onClose(saved)` closes it.
 */
export function EditPartForm({
  id,
  part,
  onClose,
}: {
  /** The form's id (the opening button's aria-controls). */
  id: string;
  /** The part as its list shows it: its id and name until the stored part is read. */
  part: Part;
  /** Closes the form; `saved` tells whether the change went through. */
  onClose: (saved: boolean) => void;
}) {
  const stored = usePartForEditing(part._id);
  // Until it is read again since the form opened: an edit starts from what is stored now.
  if (stored.isError || !stored.data || !stored.isFetchedAfterMount)
    return (
      <div id={id} className={`${FORM} flex flex-wrap items-center justify-end gap-2`}>
        {stored.isError ? (
          <p role="alert" className="mr-auto text-sm font-medium text-error">
            {part.name} could not be loaded: {errorText(stored.error)}
          </p>
        ) : (
          <p
            role="status"
            className="mr-auto inline-flex items-center gap-2 text-sm text-slate-700"
          >
            <span aria-hidden="true" className="spinner size-4" />
            Loading {part.name}…
          </p>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClose(false)}>
          Cancel
        </button>
        {stored.isError && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={stored.isFetching}
            onClick={() => void stored.refetch()}
          >
            {stored.isFetching && <span aria-hidden="true" className="spinner size-4" />}
            Try again
          </button>
        )}
      </div>
    );
  return <PartEditor id={id} stored={stored.data} onClose={onClose} />;
}

function PartEditor({
  id,
  stored,
  onClose,
}: {
  id: string;
  stored: AdminPart;
  onClose: (saved: boolean) => void;
}) {
  const uid = useId();
  const ids = {
    name: `${uid}-name`,
    sku: `${uid}-sku`,
    description: `${uid}-description`,
    minOrderQuantity: `${uid}-min-order`,
    availableQuantity: `${uid}-stock`,
    price: `${uid}-price`,
    lowStockThreshold: `${uid}-low-stock`,
    leadTimeDays: `${uid}-lead-time`,
    weightGrams: `${uid}-weight`,
    image: `${uid}-image`,
    listed: `${uid}-listed`,
    error: `${uid}-error`,
    wait: `${uid}-wait`,
  };
  const update = useUpdatePart();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const source = specificationSource(useCategories());
  const storedTexts = useMemo(
    () => specificationTexts(stored.category, stored.attributes),
    [stored.category, stored.attributes],
  );
  const ready = source.categories !== undefined;
  const hasCategory = ready && !!stored.category;
  const schema = useMemo(
    () => editPartFieldsFor(stored, source.categories, hasCategory),
    [stored, source.categories, hasCategory],
  );
  const form = useForm<EditPartInput, unknown, EditPartValues>({
    // The rows' schema reads its input as unknown (it treats blank boxes first); the boxes hold text.
    resolver: zodResolver(schema) as unknown as Resolver<EditPartInput, unknown, EditPartValues>,
    defaultValues: inputOf(stored),
  });
  const { register, handleSubmit, setFocus, setValue, setError, control } = form;
  const { errors } = form.formState;
  const image = useController({ control, name: 'image' });

  useEffect(() => setFocus('name'), [setFocus]);
  // The stored category and attributes, once the categories are here.
  useEffect(() => {
    if (!ready) return;
    setValue('category', storedTexts.category);
    setValue('attributes', storedTexts.attributes);
  }, [ready, storedTexts, setValue]);

  const submit = async (values: EditPartValues) => {
    if (update.isPending || uploading) return;
    const body = changesOf(values, stored);
    if (Object.keys(body).length === 0) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ id: stored._id, body });
      toast.success(SAVED, { description: saved.name });
      onClose(true);
    } catch (error) {
      // A part number another part has: said at its box.
      if (error instanceof ApiError && error.status === 409 && body.sku !== undefined)
        setError('sku', { message: error.message }, { shouldFocus: true });
      else setFormError(messageOf(error));
    }
  };

  // Escape in a box closes the form, like Cancel.
  const onEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose(false);
  };

  const box = (name: BoxName, attrs: Record<string, unknown> = {}) => ({
    type: 'text',
    autoComplete: 'off',
    className: `input input-sm w-full border bg-white ${border(!!errors[name])}`,
    onKeyDown: onEscape,
    ...attrs,
    ...register(name),
  });

  const numbers: [BoxName, string, string | undefined, Record<string, unknown>][] = [
    ['minOrderQuantity', 'Minimum order', undefined, { inputMode: 'numeric' }],
    ['availableQuantity', 'Stock', undefined, { inputMode: 'numeric' }],
    ['price', 'Price ($)', undefined, { inputMode: 'decimal' }],
    [
      'lowStockThreshold',
      'Low-stock alert below',
      'Empty: twice the minimum order.',
      { inputMode: 'numeric' },
    ],
    [
      'leadTimeDays',
      'Lead time (days)',
      'Shown while it is out of stock. Empty: not known.',
      { inputMode: 'numeric' },
    ],
    [
      'weightGrams',
      'Weight (g)',
      `Shipping weight in grams, up to ${WEIGHT_GRAMS_MAX.toLocaleString('en-US')}. Empty: 0.`,
      { inputMode: 'numeric' },
    ],
  ];

  return (
    <form
      id={id}
      noValidate
      aria-label={`Edit ${stored.name}`}
      aria-describedby={formError ? ids.error : undefined}
      className={`@container flex flex-col gap-4 ${FORM}`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <div className="grid gap-4 @2xl:grid-cols-[2fr_1fr]">
        <Box id={ids.name} label="Product name" error={errors.name?.message}>
          {(props) => <input {...props} maxLength={150} {...box('name')} />}
        </Box>
        <Box
          id={ids.sku}
          label="Part number"
          error={errors.sku?.message}
          hint="Letters and digits in groups joined by dashes; no other part may have it."
        >
          {(props) => (
            <input
              {...props}
              maxLength={SKU_MAX}
              autoCapitalize="characters"
              spellCheck={false}
              {...box('sku')}
            />
          )}
        </Box>
      </div>
      <Box id={ids.description} label="Description" error={errors.description?.message}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            maxLength={2000}
            className={`textarea textarea-sm w-full border bg-white ${border(!!errors.description)}`}
            onKeyDown={onEscape}
            {...register('description')}
          />
        )}
      </Box>

      <SpecificationFields
        compact
        // The form holds more than these; the fields only touch `category` and `attributes`.
        form={form as unknown as UseFormReturn<SpecificationForm>}
        errors={errors as FieldErrors<SpecificationForm>}
        source={source}
        stored={storedTexts}
        onKeyDown={onEscape}
      />

      <div className="grid grid-cols-1 gap-4 @sm:grid-cols-2 @2xl:grid-cols-3">
        {numbers.map(([name, label, hint, attrs]) => (
          <Box key={name} id={ids[name]} label={label} error={errors[name]?.message} hint={hint}>
            {(props) => <input {...props} {...box(name, attrs)} />}
          </Box>
        ))}
      </div>

      <PriceBreaksFields
        compact
        // The form holds more than the rows; these fields only touch `priceBreaks`.
        control={control as unknown as Control<PriceBreakForm>}
        register={register as unknown as UseFormRegister<PriceBreakForm>}
        errors={errors.priceBreaks}
        onKeyDown={onEscape}
      />

      <ImageUpload
        id={ids.image}
        label="Image"
        previewAlt={`Image of ${stored.name}`}
        value={image.field.value}
        inputRef={image.field.ref}
        onBlur={image.field.onBlur}
        onChange={(url) => image.field.onChange(url ?? '')}
        onUploadingChange={setUploading}
        error={errors.image?.message}
      />

      <div>
        <label htmlFor={ids.listed} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            id={ids.listed}
            type="checkbox"
            className="checkbox checkbox-sm border-slate-500 bg-white"
            aria-describedby={`${ids.listed}-hint`}
            onKeyDown={onEscape}
            {...register('listed')}
          />
          <span className="text-sm font-semibold text-slate-900">Listed in the catalogue</span>
        </label>
        <p id={`${ids.listed}-hint`} className={HINT}>
          Unlisted, it leaves the catalogue, the search and the suggestions; its page stays for
          links already out there.
        </p>
      </div>

      {formError && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-error">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {uploading && (
          <p id={ids.wait} className="mr-auto text-sm text-slate-700">
            {WAIT_FOR_UPLOAD}
          </p>
        )}
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
          // Not disabled: the focus stays on the button while the part is saved.
          aria-disabled={update.isPending || uploading || undefined}
          aria-describedby={uploading ? ids.wait : undefined}
          onKeyDown={onEscape}
        >
          {update.isPending && <span aria-hidden="true" className="spinner size-4" />}
          Save
          <span className="sr-only">: {stored.name}</span>
        </button>
      </div>
    </form>
  );
}
