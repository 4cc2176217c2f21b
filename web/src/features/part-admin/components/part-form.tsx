import { zodResolver } from '@hookform/resolvers/zod';
import { AddPartBody, type Category } from '@partsmith/contract';
import { useMemo } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import * as z from '@partsmith/contract/zod-subset';
import { fieldBorder, FormField as Field } from '../../../components/ui/form-field.tsx';
import { ImageFormCard } from '../../../components/ui/image-form.tsx';
import {
  blankAsMissing,
  PriceBreaksFields,
  type PriceBreakForm,
  type PriceBreakRow,
} from '../../../components/ui/price-breaks-fields.tsx';
import {
  SpecificationFields,
  specificationFields,
  specificationSource,
  type SpecificationForm,
} from '../../../components/ui/specification-fields.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useAddForm } from '../../../lib/add-form.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useAddPart } from '../api/add-part.ts';

/**
 * The texts of a stored and of a refused tool (docs/spec.md, Error and success texts), the spec's
 * double space dropped.
 */
export const PART_ADDED = 'New Tools Added Successfully';
export const PART_FAILED = 'Failed to add a New Tools!!!';
/** The form's words. */
const TEXTS = {
  heading: 'New tool',
  imageLabel: 'Product image',
  previewAlt: 'Uploaded product',
  submitLabel: 'Add Tools',
  added: PART_ADDED,
  failed: PART_FAILED,
};
export const NOT_A_NUMBER = 'Enter a number, like 250 or 24.99';

const NUMBER_FIELDS = [
  'availableQuantity',
  'minOrderQuantity',
  'price',
  'lowStockThreshold',
] as const;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** Text that is not a number gets its own message; coercing it would read "… is Required". */
const NumberText = z
  .string()
  .refine((text) => text.trim() === '' || NUMBER.test(text.trim()), NOT_A_NUMBER);

/** The spec's fields are text boxes: an empty one means "missing", not the 0 coercion makes. */
const ContractFields = z.preprocess((values) => {
  if (typeof values !== 'object' || values === null) return values;
  const copy: Record<string, unknown> = { ...values };
  for (const field of NUMBER_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string' && value.trim() === '') copy[field] = undefined;
  }
  copy.priceBreaks = blankAsMissing(copy.priceBreaks);
  // The category's own schema checks these (specificationFields), with its messages per box.
  delete copy.category;
  delete copy.attributes;
  return copy;
}, AddPartBody);

/**
 * The form's schema: the number format of each box, the contract's AddPartBody (required
 * fields, whole numbers, at most 2 decimals, minimum <= available, the volume prices' order and
 * their place under the price and above the minimum), and the chosen category's schema for its
 * attributes (a category is required). All report at once; the format message comes first for
 * a box that holds no number.
 */
export const partFieldsFor = (categories: readonly Category[] | undefined) =>
  z.intersection(
    z.intersection(
      z
        .object({
          name: z.string(),
          description: z.string(),
          availableQuantity: NumberText,
          minOrderQuantity: NumberText,
          price: NumberText,
          lowStockThreshold: NumberText,
          image: z.string(),
          priceBreaks: z.array(z.object({ minQuantity: NumberText, price: NumberText })),
        })
        .transform(() => ({})),
      ContractFields,
    ),
    specificationFields(categories, true),
  );

const EMPTY = {
  name: '',
  description: '',
  availableQuantity: '',
  minOrderQuantity: '',
  price: '',
  lowStockThreshold: '',
  image: '',
  priceBreaks: [] as PriceBreakRow[],
  category: '',
  attributes: {} as Record<string, string>,
};

/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = fieldBorder;

const asNumber = (text: string) => (NUMBER.test(text.trim()) ? Number(text) : null);

/** How the part will look in the home page's listing, as the admin types. */
function PartPreview({
  values,
  categoryName,
}: {
  values: Pick<
    typeof EMPTY,
    'name' | 'description' | 'image' | 'price' | 'minOrderQuantity' | 'availableQuantity'
  >;
  categoryName: string | undefined;
}) {
  const price = asNumber(values.price);
  return (
    <aside aria-labelledby="part-preview-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="part-preview-heading" className="text-lg font-bold text-slate-900">
          Preview
        </h2>
        <p className="text-sm text-slate-700">How the part will look in the shop.</p>
      </div>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex aspect-[4/3] items-center justify-center bg-slate-50">
          {values.image ? (
            <img src={values.image} alt="" className="h-full w-full object-contain p-4" />
          ) : (
            <span className="text-sm text-slate-700">No image yet</span>
          )}
        </div>
        <div className="flex flex-col gap-2 p-5">
          {categoryName && (
            <p className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
              {categoryName}
            </p>
          )}
          <p className="text-lg font-bold break-words text-slate-900">
            {values.name.trim() || 'Product name'}
          </p>
          <p className="line-clamp-3 break-words text-slate-700">
            {values.description.trim() || 'The description appears here.'}
          </p>
          <ul className="space-y-1 text-sm text-slate-700">
            <li>
              Min Order Quantity:{' '}
              <span className="font-semibold text-slate-900">
                {values.minOrderQuantity.trim() || '–'}
              </span>
            </li>
            <li>
              Available Quantity:{' '}
              <span className="font-semibold text-slate-900">
                {values.availableQuantity.trim() || '–'}
              </span>
            </li>
          </ul>
          <p className="border-t border-slate-100 pt-3 text-lg font-bold text-primary">
            Price: {price === null ? '–' : formatDollars(price)}
          </p>
        </div>
      </div>
    </aside>
  );
}

/**
 * Add Product's form: image upload, product name, description, available quantity,
 * minimum quantity and price (entered as text), and an 'Add Tools' button.
 */
export function PartForm() {
  const ids = useFieldIds(
    'name',
    'description',
    'availableQuantity',
    'minOrderQuantity',
    'price',
    'lowStockThreshold',
  );
  const add = useAddPart();
  const categories = useCategories();
  const source = specificationSource(categories);
  const schema = useMemo(() => partFieldsFor(source.categories), [source.categories]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const adding = useAddForm(form, add, TEXTS);
  const { register, control } = form;
  const { errors } = form.formState;
  const values = { ...EMPTY, ...useWatch({ control }) };

  const categoryName = source.categories?.find((c) => c.slug === values.category)?.name;

  const text = (
    field: 'name' | 'availableQuantity' | 'minOrderQuantity' | 'lowStockThreshold',
  ) => ({
    type: 'text',
    className: `input w-full border ${border(!!errors[field])}`,
    ...register(field),
  });

  return (
    <ImageFormCard
      adding={adding}
      preview={<PartPreview values={values} categoryName={categoryName} />}
    >
      <Field id={ids.name} label="Product name" error={errors.name?.message}>
        {(props) => <input {...props} {...text('name')} />}
      </Field>

      <Field id={ids.description} label="Description" error={errors.description?.message}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            placeholder="What it is, what it fits, what is in the box."
            className={`textarea w-full border ${border(!!errors.description)}`}
            {...register('description')}
          />
        )}
      </Field>

      <SpecificationFields
        // The form holds more than these; the fields only touch `category` and `attributes`.
        form={form as unknown as UseFormReturn<SpecificationForm>}
        errors={errors as FieldErrors<SpecificationForm>}
        source={source}
      />

      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          id={ids.availableQuantity}
          label="Available quantity"
          error={errors.availableQuantity?.message}
          hint="Units in stock now."
        >
          {(props) => (
            <input
              {...props}
              {...text('availableQuantity')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 500"
            />
          )}
        </Field>
        <Field
          id={ids.minOrderQuantity}
          label="Minimum quantity"
          error={errors.minOrderQuantity?.message}
          hint="The smallest order a customer can place."
        >
          {(props) => (
            <input
              {...props}
              {...text('minOrderQuantity')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 10"
            />
          )}
        </Field>
        <Field
          id={ids.price}
          label="Price"
          error={errors.price?.message}
          hint="US dollars per unit, up to 2 decimals."
        >
          {(props) => (
            <div className={`input w-full border ${border(!!errors.price)}`}>
              <span aria-hidden="true" className="text-slate-700">
                $
              </span>
              <input
                {...props}
                {...register('price')}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="24.99"
                className="grow"
              />
            </div>
          )}
        </Field>
      </div>

      <Field
        id={ids.lowStockThreshold}
        label="Low-stock alert below (optional)"
        error={errors.lowStockThreshold?.message}
        hint="The admins get a mail when the stock falls below this. Empty: twice the minimum quantity."
      >
        {(props) => (
          <input
            {...props}
            {...text('lowStockThreshold')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 20"
          />
        )}
      </Field>

      <PriceBreaksFields
        // The form holds more than the rows; these fields only touch `priceBreaks`.
        control={control as unknown as Control<PriceBreakForm>}
        register={register as unknown as UseFormRegister<PriceBreakForm>}
        errors={errors.priceBreaks}
      />
    </ImageFormCard>
  );
}
