import type { PriceList } from '@partsmith/contract/price-lists';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { EditableRows } from '../../../components/ui/editable-rows.tsx';
import {
  FIELD_HINT,
  FIELD_LABEL,
  FieldMessages,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { formatDollars } from '../../../lib/money.ts';
import { findParts, useSavePriceList, type FoundPart } from '../api/price-lists.ts';
import {
  emptyFields,
  fieldsOf,
  priceListBody,
  rowKey,
  type FieldErrors,
  type PriceListFields,
  type PriceRow,
} from './price-list-fields.ts';

export const CHECK_FIELDS = 'Check the fields marked below.';
export const NO_PART_FOUND = 'No part matches. Try its part number, or fewer words of its name.';
export const TYPE_TO_SEARCH = 'Type a part number or a name to search for.';

const MAX_DISCOUNTS = 500;
const MAX_PRICES = 200;

/**
 * Finds a part by its part number or name (the catalogue's search) and chooses one of the
 * matches; once chosen, the part is named with a button to change it.
 */
function PartFinder({
  id,
  part,
  error,
  onChoose,
}: {
  id: string;
  part: FoundPart | null;
  error: string | undefined;
  onChoose: (part: FoundPart | null) => void;
}) {
  const [text, setText] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'searching' }
    | { kind: 'found'; parts: FoundPart[] }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const search = async () => {
    const q = text.trim();
    if (!q) return setState({ kind: 'failed', message: TYPE_TO_SEARCH });
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'searching' });
    try {
      const parts = await findParts(q, current.signal);
      if (!current.signal.aborted) setState({ kind: 'found', parts });
    } catch (failure) {
      if (!current.signal.aborted) setState({ kind: 'failed', message: errorText(failure) });
    }
  };

  if (part) {
    return (
      <div role="group" aria-labelledby={`${id}-label`}>
        <p className={FIELD_LABEL} id={`${id}-label`}>
          Part
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-900">
          <span className="min-w-0 break-words">
            {part.sku && <span className="font-mono font-semibold">{part.sku}</span>} {part.name}{' '}
            <span className="text-sm text-slate-700">(list price {formatDollars(part.price)})</span>
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Change the part ${part.name}`}
            onClick={() => {
              onChoose(null);
              setState({ kind: 'idle' });
            }}
          >
            Change
          </button>
        </p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches; it does not save the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };

  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        Part (part number or name)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={`input min-w-0 flex-1 border ${fieldBorder(!!error)}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={state.kind === 'searching'}
          onClick={() => void search()}
        >
          {state.kind === 'searching' && <span aria-hidden="true" className="spinner size-4" />}
          Find
        </button>
      </div>
      <FieldMessages id={id} error={error} />
      <div role="status" className="text-sm text-slate-700">
        {state.kind === 'searching' && 'Searching the catalogue…'}
        {state.kind === 'found' &&
          (state.parts.length === 0
            ? NO_PART_FOUND
            : `${state.parts.length} ${state.parts.length === 1 ? 'part matches' : 'parts match'}: choose one.`)}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm font-medium text-error">
          {state.message}
        </p>
      )}
      {state.kind === 'found' && state.parts.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Matching parts">
          {state.parts.map((found) => (
            <li key={found._id}>
              <button
                type="button"
                className="btn btn-ghost btn-sm h-auto min-h-8 w-full justify-start py-1 text-left font-normal"
                onClick={() => onChoose(found)}
              >
                <span className="min-w-0 break-words">
                  Choose {found.sku && <span className="font-mono font-semibold">{found.sku}</span>}{' '}
                  {found.name} ({formatDollars(found.price)})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The form of a price list: its name, when it applies, its discounts per category and its fixed
 * prices per part. `list` null: a new one. Saved whole (POST, or PUT which replaces the list).
 */
export function PriceListForm({
  list,
  onSaved,
  onCancel,
}: {
  list: PriceList | null;
  onSaved: (saved: PriceList) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const save = useSavePriceList();
  const categories = useCategories();
  const [fields, setFields] = useState<PriceListFields>(() =>
    list ? fieldsOf(list) : emptyFields(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const addDiscountButton = useRef<HTMLButtonElement>(null);
  const addPriceButton = useRef<HTMLButtonElement>(null);
  // The control to focus once the rows are drawn (a new row's first control): every change of
  // the rows renders the form again, and the focus moves after that render.
  const focusNext = useRef<string | null>(null);
  const setFocusId = (id: string) => {
    focusNext.current = id;
  };
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const update = (next: PriceListFields) => {
    setFields(next);
    // Once a save was refused, the messages follow the fields as they are corrected.
    if (checked) {
      const result = priceListBody(next);
      setErrors('errors' in result ? result.errors : {});
    }
  };
  const setDiscount = (key: string, changes: Partial<PriceListFields['discounts'][number]>) =>
    update({
      ...fields,
      discounts: fields.discounts.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    });
  const setPrice = (key: string, changes: Partial<PriceRow>) =>
    update({
      ...fields,
      prices: fields.prices.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const result = priceListBody(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: list?._id ?? null, body: result.body }, { onSuccess: onSaved });
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {list ? `Edit ${list.name}` : 'New price list'}
      </h2>
      <div>
        <label htmlFor={fieldId('name')} className={FIELD_LABEL}>
          Name
        </label>
        <input
          id={fieldId('name')}
          className={`input w-full max-w-md border ${fieldBorder(!!errors.name)}`}
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(errors.name && `${fieldId('name')}-error`)}
          value={fields.name}
          onChange={(event) => update({ ...fields, name: event.target.value })}
        />
        <FieldMessages id={fieldId('name')} error={errors.name} />
      </div>
      <fieldset className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        <legend className="mb-1 font-semibold text-slate-900">Valid</legend>
        <div>
          <label htmlFor={fieldId('from')} className={FIELD_LABEL}>
            From (optional)
          </label>
          <input
            id={fieldId('from')}
            type="date"
            className="input w-full border border-slate-500"
            value={fields.validFrom}
            onChange={(event) => update({ ...fields, validFrom: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={fieldId('until')} className={FIELD_LABEL}>
            Until (optional)
          </label>
          <input
            id={fieldId('until')}
            type="date"
            className={`input w-full border ${fieldBorder(!!errors.validUntil)}`}
            aria-invalid={errors.validUntil ? true : undefined}
            aria-describedby={describedBy(errors.validUntil && `${fieldId('until')}-error`)}
            value={fields.validUntil}
            onChange={(event) => update({ ...fields, validUntil: event.target.value })}
          />
          <FieldMessages id={fieldId('until')} error={errors.validUntil} />
        </div>
      </fieldset>
      <p className={`${FIELD_HINT} -mt-3`}>Both days included; leave them empty for always.</p>

      <EditableRows
        legend="Discounts per category"
        hint="A percentage off the list price of every part of a category. A fixed price below wins over it."
        error={undefined}
        full={fields.discounts.length >= MAX_DISCOUNTS}
        fullText={`At most ${MAX_DISCOUNTS} discounts.`}
        addLabel="Add a discount"
        addButton={addDiscountButton}
        onAdd={() => {
          const key = rowKey();
          update({
            ...fields,
            discounts: [...fields.discounts, { key, category: '', percent: '' }],
          });
          setFocusId(fieldId(`${key}-category`));
        }}
      >
        {fields.discounts.map((row, index) => {
          const categoryId = fieldId(`${row.key}-category`);
          const percentId = fieldId(`${row.key}-percent`);
          const categoryError = errors[`${row.key}-category`];
          const percentError = errors[`${row.key}-percent`];
          return (
            <li
              key={row.key}
              className="grid grid-cols-1 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]"
            >
              <div>
                <label htmlFor={categoryId} className={FIELD_LABEL}>
                  Category {index + 1}
                </label>
                <select
                  id={categoryId}
                  className={`select w-full border ${fieldBorder(!!categoryError)}`}
                  aria-invalid={categoryError ? true : undefined}
                  aria-describedby={describedBy(categoryError && `${categoryId}-error`)}
                  value={row.category}
                  onChange={(event) => setDiscount(row.key, { category: event.target.value })}
                >
                  <option value="">
                    {categories.isPending
                      ? 'Loading the categories…'
                      : categories.isError
                        ? 'The categories could not be loaded'
                        : 'Choose a category'}
                  </option>
                  {/* A saved category the catalogue no longer lists stays choosable. */}
                  {row.category &&
                    !categories.data?.some((category) => category.slug === row.category) && (
                      <option value={row.category}>{row.category}</option>
                    )}
                  {categories.data?.map((category) => (
                    <option key={category.slug} value={category.slug}>
                      {category.name}
                    </option>
                  ))}
                </select>
                <FieldMessages id={categoryId} error={categoryError} />
              </div>
              <div>
                <label htmlFor={percentId} className={FIELD_LABEL}>
                  Discount (%)
                </label>
                <input
                  id={percentId}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="0.01"
                  className={`input w-full border ${fieldBorder(!!percentError)}`}
                  aria-invalid={percentError ? true : undefined}
                  aria-describedby={describedBy(percentError && `${percentId}-error`)}
                  value={row.percent}
                  onChange={(event) => setDiscount(row.key, { percent: event.target.value })}
                />
                <FieldMessages id={percentId} error={percentError} />
              </div>
              <button
                type="button"
                className="btn btn-ghost self-end text-error"
                aria-label={`Remove discount ${index + 1}`}
                onClick={() => {
                  update({
                    ...fields,
                    discounts: fields.discounts.filter((other) => other.key !== row.key),
                  });
                  addDiscountButton.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          );
        })}
      </EditableRows>

      <EditableRows
        legend="Fixed prices"
        hint="A unit price for one part, in dollars, whatever the quantity (unless the list price with its volume break is lower)."
        error={undefined}
        full={fields.prices.length >= MAX_PRICES}
        fullText={`At most ${MAX_PRICES} fixed prices in this form.`}
        addLabel="Add a fixed price"
        addButton={addPriceButton}
        onAdd={() => {
          const key = rowKey();
          update({ ...fields, prices: [...fields.prices, { key, part: null, price: '' }] });
          setFocusId(fieldId(`${key}-part`));
        }}
      >
        {fields.prices.map((row, index) => {
          const partId = fieldId(`${row.key}-part`);
          const priceId = fieldId(`${row.key}-price`);
          const priceError = errors[`${row.key}-price`];
          return (
            <li
              key={row.key}
              className="grid grid-cols-1 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]"
            >
              <PartFinder
                id={partId}
                part={row.part}
                error={errors[`${row.key}-part`]}
                onChoose={(part) => {
                  setPrice(row.key, { part });
                  setFocusId(part ? priceId : partId);
                }}
              />
              <div>
                <label htmlFor={priceId} className={FIELD_LABEL}>
                  Price ($)
                </label>
                <input
                  id={priceId}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step="0.01"
                  className={`input w-full border ${fieldBorder(!!priceError)}`}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={describedBy(priceError && `${priceId}-error`)}
                  value={row.price}
                  onChange={(event) => setPrice(row.key, { price: event.target.value })}
                />
                <FieldMessages id={priceId} error={priceError} />
              </div>
              <button
                type="button"
                className="btn btn-ghost self-end text-error"
                aria-label={`Remove fixed price ${index + 1}`}
                onClick={() => {
                  update({
                    ...fields,
                    prices: fields.prices.filter((other) => other.key !== row.key),
                  });
                  addPriceButton.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          );
        })}
      </EditableRows>

      {hasErrors && (
        <p role="alert" className="font-medium text-error">
          {CHECK_FIELDS}
        </p>
      )}
      {save.error && (
        <p role="alert" className="font-medium text-error">
          {errorText(save.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span aria-hidden="true" className="spinner size-5" />}
          {list ? 'Save the price list' : 'Create the price list'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
