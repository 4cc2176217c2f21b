import { zodResolver } from '@hookform/resolvers/zod';
import { ATTRIBUTE_TYPES, CATEGORY_ATTRIBUTES_MAX, type Category } from '@partsmith/contract';
import { useEffect, useId, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { EditableRows } from '../../../components/ui/editable-rows.tsx';
import { FailureBox, fieldBorder, FormField as Field } from '../../../components/ui/form-field.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { messageIn } from '../../../lib/form-error-message.ts';
import { useAddCategory, type NewCategory } from '../api/add-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import {
  categoryFields,
  CategoryFormSchema,
  EMPTY,
  keyOf,
  lostValuesOf,
  lostValuesText,
  NEW_ROW,
  partsText,
  slugOf,
  TYPE_NAMES,
  type CategoryFields,
} from './category-fields.ts';
import { CODE_WORD, TextField } from './category-text-field.tsx';

export const CATEGORY_ADDED = 'Category added';
export const CATEGORY_FAILED = 'The category was not added.';
export const CATEGORY_SAVED = 'Category saved';
export const CATEGORY_SAVE_FAILED = 'The category was not saved.';
export const DROP_VALUES = 'Yes, drop them';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/**
 * "Add a category": its name, its short name (suggested from the name until the admin writes
 * one), and its attributes, rows the admin adds and removes: label, key (suggested from the
 * label likewise), type, and a number's unit and whole-numbers rule or a choice's options. The
 * contract's AddCategoryBody checks it all before anything is sent; the server's refusal (a
 * short name or name taken: 409) shows above the button.
 *
 * With `category`, "Edit <name>": the same fields from the stored category, its short name and
 * its attributes' keys fixed (parts hold their values under them). Saved through PUT
 * /api/categories/:slug; when the server answers that parts would lose values (an attribute
 * removed, or changed so that their values no longer fit), a confirmation names them and, once
 * confirmed, the change goes again with `onRemovedValues: "drop"`. `onDone(saved)` closes it.
 */
export function CategoryForm({
  category,
  onDone,
}: {
  category?: Category;
  onDone?: (saved: boolean) => void;
} = {}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const addButton = useRef<HTMLButtonElement>(null);
  const add = useAddCategory();
  const update = useUpdateCategory();
  const editing = category !== undefined;
  const pending = editing ? update.isPending : add.isPending;
  const { failure, fail, clear } = useSubmitFailure(
    editing ? CATEGORY_SAVE_FAILED : CATEGORY_FAILED,
  );
  const form = useForm<CategoryFields, unknown, NewCategory>({
    resolver: zodResolver(CategoryFormSchema),
    defaultValues: category ? categoryFields(category) : EMPTY,
  });
  const { register, control, getValues, setValue, clearErrors, handleSubmit, setFocus } = form;
  const { errors, isSubmitted } = form.formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'attributes' });
  const types = useWatch({ control, name: 'attributes' }).map((row) => row?.type);

  /**
   * A text box whose value suggests `target`'s: while `target` holds the suggestion of what the
   * box held (or nothing), it follows; once the admin writes their own, it stays.
   */
  const suggesting = (
    source: FieldPath<CategoryFields>,
    target: FieldPath<CategoryFields>,
    suggest: (text: string) => string,
  ) => {
    const field = register(source);
    return {
      ...field,
      onChange: async (event: { target: { value: string } }) => {
        const follows = getValues(target) === suggest(String(getValues(source)));
        await field.onChange(event);
        if (follows) setValue(target, suggest(event.target.value), { shouldValidate: isSubmitted });
      },
    };
  };

  // An editor opens where its name is.
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const save = async (stored: Category, body: NewCategory, drop = false) => {
    const changes = {
      name: body.name,
      attributes: body.attributes,
      ...(drop ? { onRemovedValues: 'drop' as const } : {}),
    };
    try {
      const saved = await update.mutateAsync({ slug: stored.slug, body: changes });
      toast.success(CATEGORY_SAVED, { description: saved.name });
      onDone?.(true);
    } catch (error) {
      const lost = drop ? null : lostValuesOf(error);
      if (!lost) return fail(error);
      // Nothing is dropped unless the admin says so; cancelled, the form stays as it is.
      const text = `${partsText(lost.parts ?? 0)} of "${stored.name}" would lose values: ${lostValuesText(lost.attributes ?? [])}. Those values are dropped for good.`;
      if (await confirmDialog(text, DROP_VALUES)) await save(stored, body, true);
    }
  };

  const submit = (body: NewCategory) => {
    if (pending) return;
    clear();
    if (category) return void save(category, body);
    add.mutate(body, {
      onSuccess: (category) => {
        toast.success(CATEGORY_ADDED, {
          description: `${category.name} can be chosen in Add Product now.`,
        });
        form.reset();
      },
      onError: fail,
    });
  };

  return (
    <section aria-labelledby={headingId} className={`${CARD} p-5 sm:p-8`}>
      <h2 id={headingId} className="mb-5 text-xl font-bold break-words text-slate-900">
        {category ? `Edit ${category.name}` : 'Add a category'}
      </h2>
      <form
        noValidate
        aria-labelledby={headingId}
        className="flex flex-col gap-5"
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={`${id}-name`}
            label="Name"
            error={errors.name?.message}
            hint="As shoppers read it: Case fans."
            maxLength={60}
            field={editing ? register('name') : suggesting('name', 'slug', slugOf)}
          />
          <TextField
            id={`${id}-slug`}
            label="Short name"
            error={errors.slug?.message}
            hint={
              editing
                ? "It stays: the search's links and the category's parts use it."
                : "In the search's links (category=case-fans): lowercase words joined by hyphens. Suggested from the name."
            }
            maxLength={60}
            readOnly={editing}
            {...CODE_WORD}
            field={register('slug')}
          />
        </div>

        <EditableRows
          legend="Attributes"
          hint="Add Product asks for each attribute, and the search filters by it. The label is what shoppers read; the key, a camelCase word suggested from the label, names it in the search's links."
          error={errors.attributes?.message ?? errors.attributes?.root?.message}
          full={fields.length >= CATEGORY_ATTRIBUTES_MAX}
          fullText={`At most ${CATEGORY_ATTRIBUTES_MAX} attributes.`}
          addLabel="Add an attribute"
          onAdd={() => append(NEW_ROW, { shouldFocus: true })}
          addButton={addButton}
        >
          {fields.map((field, index) => {
            const rowId = `${id}-${field.id}`;
            const rowErrors = errors.attributes?.[index];
            const type = types[index] ?? field.type;
            const n = index + 1;
            const stored = field.stored === true;
            return (
              <li key={field.id}>
                <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-300 p-4">
                  <legend className="px-1 font-semibold text-slate-900">Attribute {n}</legend>
                  <div className="grid gap-4 md:grid-cols-3">
                    <TextField
                      id={`${rowId}-label`}
                      label="Label"
                      error={rowErrors?.label?.message}
                      maxLength={60}
                      placeholder="e.g. Fan size"
                      field={
                        stored
                          ? register(`attributes.${index}.label`)
                          : suggesting(
                              `attributes.${index}.label`,
                              `attributes.${index}.key`,
                              keyOf,
                            )
                      }
                    />
                    <TextField
                      id={`${rowId}-key`}
                      label="Key"
                      error={rowErrors?.key?.message}
                      hint={stored ? 'Parts hold their values under it: it stays.' : undefined}
                      maxLength={40}
                      placeholder="e.g. fanSize"
                      readOnly={stored}
                      {...CODE_WORD}
                      field={register(`attributes.${index}.key`)}
                    />
                    <Field id={`${rowId}-type`} label="Type" error={rowErrors?.type?.message}>
                      {(props) => (
                        <select
                          {...props}
                          className={`select w-full border bg-white ${fieldBorder(!!rowErrors?.type)}`}
                          {...register(`attributes.${index}.type`, {
                            // The other type's messages no longer apply.
                            onChange: () =>
                              clearErrors([
                                `attributes.${index}.options`,
                                `attributes.${index}.unit`,
                              ]),
                          })}
                        >
                          {ATTRIBUTE_TYPES.map((value) => (
                            <option key={value} value={value}>
                              {TYPE_NAMES[value]}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                  </div>
                  {type === 'number' && (
                    <div className="grid items-end gap-4 md:grid-cols-3">
                      <TextField
                        id={`${rowId}-unit`}
                        label="Unit (optional)"
                        error={rowErrors?.unit?.message}
                        maxLength={12}
                        placeholder="e.g. mm"
                        field={register(`attributes.${index}.unit`)}
                      />
                      <label className="flex min-h-12 cursor-pointer items-center gap-3 text-slate-900 md:col-span-2">
                        <input
                          type="checkbox"
                          className="checkbox border-slate-500"
                          {...register(`attributes.${index}.integer`)}
                        />
                        Whole numbers only
                      </label>
                    </div>
                  )}
                  {type === 'enum' && (
                    <TextField
                      id={`${rowId}-options`}
                      label="Choices"
                      error={messageIn(rowErrors?.options)}
                      hint="Separated by commas: 120 mm, 140 mm."
                      field={register(`attributes.${index}.options`)}
                    />
                  )}
                  <div>
                    <button
                      type="button"
                      // The visible word first (WCAG 2.5.3), then which attribute it removes.
                      aria-label={`Remove attribute ${n}`}
                      className="btn btn-outline btn-sm"
                      onClick={() => {
                        remove(index);
                        addButton.current?.focus();
                      }}
                    >
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </EditableRows>

        <FailureBox text={editing ? CATEGORY_SAVE_FAILED : CATEGORY_FAILED} failure={failure} />

        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="btn btn-primary px-10"
            // Not disabled: the focus stays on the button while the category is sent.
            aria-disabled={pending || undefined}
          >
            {pending && <span aria-hidden="true" className="spinner size-5" />}
            {editing ? 'Save changes' : 'Add category'}
          </button>
          {editing && (
            <button type="button" className="btn btn-ghost" onClick={() => onDone?.(false)}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
