import type { PriceList } from '@partsmith/contract/price-lists';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EditableRows } from '../../../components/ui/editable-rows.tsx';
import {
  FIELD_HINT,
  FIELD_LABEL,
  FieldMessages,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useSavePriceList } from '../api/price-lists.ts';
import {
  emptyFields,
  fieldsOf,
  priceListBody,
  rowKey,
  type FieldErrors,
  type PriceListFields,
  type PriceRow,
} from './price-list-fields.ts';
import { PartFinder } from './part-finder.tsx';
import { DiscountRows } from './price-list-discounts.tsx';

export const CHECK_FIELDS = 'Check the fields marked below.';

const MAX_PRICES = 200;

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
  const [fields, setFields] = useState<PriceListFields>(() =>
    list ? fieldsOf(list) : emptyFields(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
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

      <DiscountRows
        fields={fields}
        errors={errors}
        fieldId={fieldId}
        update={update}
        setFocusId={setFocusId}
      />

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
