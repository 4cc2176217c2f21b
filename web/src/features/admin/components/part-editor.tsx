import { zodResolver } from '@hookform/resolvers/zod';
import { SKU_MAX, WEIGHT_GRAMS_MAX, type AdminPart } from '@partsmith/contract';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
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
import { WAIT_FOR_UPLOAD } from '../../../components/ui/image-form.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import {
  PriceBreaksFields,
  type PriceBreakForm,
} from '../../../components/ui/price-breaks-fields.tsx';
import {
  SpecificationFields,
  specificationSource,
  specificationTexts,
  type SpecificationForm,
} from '../../../components/ui/specification-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { useUpdatePart } from '../api/update-part.ts';
import { messageOf, SAVED } from './admin-messages.ts';
import { border, Box, FORM, HINT } from './edit-part-box.tsx';
import {
  changesOf,
  editPartFieldsFor,
  inputOf,
  type EditPartInput,
  type EditPartValues,
} from './edit-part-fields.ts';

export const NOTHING_CHANGED = 'Nothing to save: change a field first.';

type BoxName = Exclude<keyof EditPartInput, 'priceBreaks' | 'category' | 'attributes' | 'listed'>;

/** The editor itself, once EditPartForm has read the stored part afresh. */
export function PartEditor({
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
