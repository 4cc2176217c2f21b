import {
  attributesSchema,
  type AttributeDef,
  type Attributes,
  type Category,
} from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { useId, type KeyboardEvent } from 'react';
import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { errorText } from '../../lib/error-text.ts';
import { describedBy, FIELD_ERROR, FIELD_HINT, FIELD_LABEL, fieldBorder } from './form-field.tsx';

/**
 * A part's category and attributes as a form's controls hold them: text throughout ('' for
 * none; 'true'/'false' for yes/no), turned into typed values by the category's schema.
 */
export interface SpecificationForm {
  category: string;
  attributes: Record<string, string>;
}

/** A part's category and typed attributes, as the API takes them. */
export interface Specification {
  category: string;
  attributes: Attributes;
}

/** The contract's own words (CategorySlug) for a part without a category. */
export const CHOOSE_A_CATEGORY = 'Choose a category';

/** A stored category and attributes as the form's controls hold them. */
export function specificationTexts(
  category: string | null | undefined,
  attributes: Record<string, unknown>,
): SpecificationForm {
  return {
    category: category ?? '',
    attributes: Object.fromEntries(
      Object.entries(attributes).map(([key, value]) => [key, String(value)]),
    ),
  };
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

interface SpecificationIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The form's category and attributes, checked by the chosen category's schema (the contract's
 * attributesSchema, which the server parses with too): so each box shows the server's message
 * before anything is sent. An empty control is a missing value ("Capacity is Required"); text
 * that is no number says so. `required`: a part must have a category; without it, and before
 * the categories load, a part without one passes (its category and attributes unchanged).
 */
export function checkSpecification(
  categories: readonly Category[] | undefined,
  values: { category?: unknown; attributes?: unknown },
  required: boolean,
): { issues: SpecificationIssue[]; specification: Specification | null } {
  const slug = typeof values.category === 'string' ? values.category : '';
  const texts = (values.attributes ?? {}) as Record<string, unknown>;
  const choose = { path: ['category'], message: CHOOSE_A_CATEGORY };
  // Not loaded: no category can be chosen (nor checked).
  if (!categories) return { issues: required ? [choose] : [], specification: null };
  const category = categories.find((c) => c.slug === slug);
  if (!category) return { issues: slug || required ? [choose] : [], specification: null };
  const issues: SpecificationIssue[] = [];
  const given: Record<string, string> = {};
  for (const def of category.attributes) {
    const value = texts[def.key];
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    if (def.type === 'number' && !NUMBER.test(text))
      issues.push({ path: ['attributes', def.key], message: `${def.label} must be a number` });
    else given[def.key] = text;
  }
  const parsed = attributesSchema(category).safeParse(given);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      // A box that holds no number has its own message already.
      if (!issues.some((known) => known.path[1] === key))
        issues.push({ path: ['attributes', key], message: issue.message });
    }
  if (issues.length > 0 || !parsed.success) return { issues, specification: null };
  return { issues, specification: { category: category.slug, attributes: parsed.data } };
}

/**
 * checkSpecification as a form schema's part: its issues under `category` and
 * `attributes.<key>`, its output the typed category and attributes (nothing without a category).
 */
export const specificationFields = (
  categories: readonly Category[] | undefined,
  required: boolean,
) =>
  z
    .object({ category: z.string().optional(), attributes: z.unknown() })
    .transform((values, ctx): Partial<Specification> => {
      const { issues, specification } = checkSpecification(categories, values, required);
      for (const issue of issues) ctx.addIssue({ code: 'custom', input: values, ...issue });
      return specification ?? {};
    });

/** Whether two parts' attributes hold the same values. */
export const sameAttributes = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(a).every((key) => a[key] === b[key]);

/** What the fields need loaded (the categories, and an edited part's stored values). */
export interface SpecificationSource {
  /** The categories, once everything the fields need is loaded. */
  categories: readonly Category[] | undefined;
  /** What is still loading or failed to ('the categories'), else null. */
  waitingFor: string | null;
  pending: boolean;
  error: unknown;
  retrying: boolean;
  retry: () => void;
}

interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The source of the fields: the categories' query and, in an editor, the part's own. */
export function specificationSource(
  categories: LoadingQuery & { data?: readonly Category[] },
  stored?: LoadingQuery,
): SpecificationSource {
  const queries = [
    { what: 'the categories', query: categories },
    ...(stored ? [{ what: "the part's specification", query: stored }] : []),
  ];
  const failed = queries.filter(({ query }) => query.isError);
  const pending = queries.filter(({ query }) => query.isPending && !query.isError);
  const waiting = failed[0] ?? pending[0];
  return {
    categories: waiting ? undefined : categories.data,
    waitingFor: waiting?.what ?? null,
    pending: pending.length > 0,
    error: failed[0]?.query.error ?? null,
    retrying: failed.some(({ query }) => query.isFetching),
    retry: () => failed.forEach(({ query }) => void query.refetch()),
  };
}

const sentence = (text: string | null) => (text ? text[0]!.toUpperCase() + text.slice(1) : '');

const SMALL_LABEL = 'mb-1 block text-sm font-semibold text-slate-900';

/**
 * "Specification": a Category select and, for the chosen category, one labelled control per
 * attribute: a select of its options, a text box with its unit after it, or Yes/No. Each
 * control's error is tied by aria-describedby; choosing another category starts its
 * attributes afresh (or from `stored`, the part's own, when it goes back to the stored
 * category). One column on a narrow form, two from 28rem on.
 */
export function SpecificationFields({
  form,
  errors,
  source,
  stored,
  compact = false,
  onKeyDown,
}: {
  /** The form; it has `category` and `attributes` (SpecificationForm). */
  form: UseFormReturn<SpecificationForm>;
  errors: FieldErrors<SpecificationForm>;
  source: SpecificationSource;
  /** The edited part's stored category and attributes. */
  stored?: SpecificationForm;
  /** Small controls, for the inline editor of Manage Products. */
  compact?: boolean;
  /** The form's own keys on every control here (the inline editor closes on Escape). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const id = useId();
  const { register, control, setValue, clearErrors } = form;
  const slug = useWatch({ control, name: 'category' });
  const category = source.categories?.find((c) => c.slug === slug);
  const size = compact ? { input: 'input-sm', select: 'select-sm' } : { input: '', select: '' };
  const labelClass = compact ? SMALL_LABEL : FIELD_LABEL;
  const statusId = `${id}-status`;
  const categoryId = `${id}-category`;
  const categoryError = errors.category?.message;
  const failed = source.error != null;

  const attributeField = (def: AttributeDef) => {
    const fieldId = `${id}-${def.key}`;
    const error = errors.attributes?.[def.key]?.message;
    const props = {
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(
        error && `${fieldId}-error`,
        def.type === 'number' && def.unit && `${fieldId}-unit`,
      ),
      onKeyDown,
      ...register(`attributes.${def.key}`),
    };
    const select = `select w-full border bg-white ${size.select} ${fieldBorder(!!error)}`;
    return (
      <div key={`${slug}-${def.key}`} className="min-w-0">
        <label htmlFor={fieldId} className={labelClass}>
          {def.label}
        </label>
        {def.type === 'number' ? (
          <div className={`input w-full border bg-white ${size.input} ${fieldBorder(!!error)}`}>
            <input
              {...props}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="min-w-0 grow"
            />
            {def.unit && (
              <span id={`${fieldId}-unit`} className="text-slate-700">
                {def.unit}
              </span>
            )}
          </div>
        ) : (
          <select {...props} className={select}>
            <option value="">Choose one</option>
            {def.type === 'boolean' ? (
              <>
                <option value="true">Yes</option>
                <option value="false">No</option>
              </>
            ) : (
              def.options?.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))
            )}
          </select>
        )}
        {error && (
          <p id={`${fieldId}-error`} className={FIELD_ERROR}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className={compact ? SMALL_LABEL : 'mb-1 font-semibold text-slate-900'}>
        Specification
      </legend>
      <div className="@container">
        <div className="grid gap-x-5 gap-y-4 @md:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={categoryId} className={labelClass}>
              Category
            </label>
            <select
              id={categoryId}
              disabled={!source.categories}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={describedBy(
                categoryError && `${categoryId}-error`,
                !source.categories && statusId,
              )}
              onKeyDown={onKeyDown}
              className={`select w-full border bg-white ${size.select} ${fieldBorder(!!categoryError)}`}
              {...register('category', {
                onChange: (event: { target: { value: string } }) => {
                  const next = event.target.value;
                  const kept = stored?.category === next ? stored.attributes : {};
                  // Every box of the new category starts from its own value, or empty.
                  const defs = source.categories?.find((c) => c.slug === next)?.attributes ?? [];
                  setValue(
                    'attributes',
                    Object.fromEntries(defs.map((def) => [def.key, kept[def.key] ?? ''])),
                  );
                  clearErrors('attributes');
                },
              })}
            >
              <option value="">Choose a category</option>
              {source.categories?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            {categoryError && (
              <p id={`${categoryId}-error`} className={FIELD_ERROR}>
                {categoryError}
              </p>
            )}
          </div>
          {category?.attributes.map(attributeField)}
        </div>
      </div>
      {/* Polite: the rest of the form works while the categories load. */}
      <div role="status" id={statusId} className={FIELD_HINT}>
        {failed ? (
          <span>
            {sentence(source.waitingFor)} could not be loaded: {errorText(source.error)}
          </span>
        ) : (
          source.pending && (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="spinner size-4" />
              Loading {source.waitingFor}…
            </span>
          )
        )}
      </div>
      {failed && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={source.retrying}
          onKeyDown={onKeyDown}
          onClick={source.retry}
        >
          {source.retrying && <span aria-hidden="true" className="spinner size-4" />}
          Try again
        </button>
      )}
    </fieldset>
  );
}
