import { useRef } from 'react';
import { EditableRows } from '../../../components/ui/editable-rows.tsx';
import {
  FIELD_LABEL,
  FieldMessages,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { rowKey, type FieldErrors, type PriceListFields } from './price-list-fields.ts';

const MAX_DISCOUNTS = 500;

/**
 * The price list's discounts per category, rows the admin adds and removes: a category and its
 * percentage off. `update` sets the form's fields; `setFocusId` names the control to focus once
 * the rows are drawn again.
 */
export function DiscountRows({
  fields,
  errors,
  fieldId,
  update,
  setFocusId,
}: {
  fields: PriceListFields;
  errors: FieldErrors;
  fieldId: (name: string) => string;
  update: (next: PriceListFields) => void;
  setFocusId: (id: string) => void;
}) {
  const categories = useCategories();
  const addDiscountButton = useRef<HTMLButtonElement>(null);
  const setDiscount = (key: string, changes: Partial<PriceListFields['discounts'][number]>) =>
    update({
      ...fields,
      discounts: fields.discounts.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    });

  return (
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
  );
}
