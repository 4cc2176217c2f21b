import type { ShippingMethod, ShippingZone } from '@partsmith/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FIELD_ERROR, describedBy } from '../../../components/ui/form-field.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { useSaveShippingMethod, type MethodValues } from '../api/save-shipping-method.ts';
import { EditDialog } from './edit-dialog.tsx';
import { DialogButtons, FormProblems, TextBox } from './form-parts.tsx';
import type { MethodFields } from './shipping-fields.ts';
import { deliveryText, KIND_NAMES } from './shipping-text.ts';

export const METHOD_ADDED = 'Shipping method added';
export const METHOD_SAVED = 'Shipping method saved';
export const METHOD_FAILED = 'The shipping method was not saved.';

const methodFields = lazyZodResolver(() =>
  import('./shipping-fields.ts').then((m) => m.MethodFields),
);

const KIND_HINTS: Record<ShippingMethod['kind'], string> = {
  flat: 'One price for the whole order.',
  weight: "A price for the order plus a price for every started kilogram of the order's weight.",
};

/** An amount as its box shows it: 9.9 reads 9.90; none is empty. */
const amountText = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '' : amount.toFixed(2);

/**
 * "Add a method" to a zone, or "Edit method …": its name, flat rate or by weight (the price per
 * kilogram only then), the order subtotal above which it is free, and the delivery time in
 * business days. Money in dollars, as the API takes it.
 */
export function MethodForm({
  zone,
  method,
  onClose,
}: {
  zone: ShippingZone;
  method?: ShippingMethod;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveShippingMethod();
  const { failure, fail, clear } = useSubmitFailure(METHOD_FAILED);
  const form = useForm<MethodFields, unknown, MethodValues>({
    resolver: methodFields,
    defaultValues: {
      name: method?.name ?? '',
      kind: method?.kind ?? 'flat',
      price: amountText(method?.price),
      perKg: method?.kind === 'weight' ? amountText(method.perKg) : '',
      freeAbove: amountText(method?.freeAbove),
      minDays: method ? String(method.days.min) : '',
      maxDays: method ? String(method.days.max) : '',
    },
  });
  const { register, control, handleSubmit } = form;
  const { errors } = form.formState;
  const kind = useWatch({ control, name: 'kind' });
  const kindError = errors.kind?.message;

  const submit = (values: MethodValues) => {
    if (save.isPending) return;
    clear();
    // A changed method keeps its place in the zone's list.
    const body = method ? { ...values, position: method.position } : values;
    save.mutate(
      { zoneId: zone._id, id: method?._id, body },
      {
        onSuccess: (saved) => {
          toast.success(method ? METHOD_SAVED : METHOD_ADDED, {
            description: `${saved.name} to ${zone.name}: ${formatDollars(saved.price)}, ${deliveryText(saved.days)}.`,
          });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <EditDialog
      title={method ? `Edit method ${method.name} (${zone.name})` : `Add a method to ${zone.name}`}
      onClose={onClose}
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onFocus={methodFields.preload}
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <TextBox
          id={`${id}-name`}
          label="Name"
          error={errors.name?.message}
          hint="As buyers read it at the checkout: Standard, Express."
          maxLength={60}
          field={register('name')}
        />
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={describedBy(kindError && `${id}-kind-error`)}
        >
          <legend className="mb-1 font-semibold text-slate-900">Priced</legend>
          {(['flat', 'weight'] as const).map((value) => (
            <label key={value} className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                value={value}
                className="radio radio-sm mt-1 border-slate-500"
                aria-describedby={`${id}-${value}-hint`}
                {...register('kind')}
              />
              <span>
                <span className="font-medium text-slate-900">{KIND_NAMES[value]}</span>
                <span id={`${id}-${value}-hint`} className="block text-sm text-slate-700">
                  {KIND_HINTS[value]}
                </span>
              </span>
            </label>
          ))}
          {kindError && (
            <p id={`${id}-kind-error`} className={FIELD_ERROR}>
              {kindError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextBox
            id={`${id}-price`}
            label={kind === 'weight' ? 'Price per order ($)' : 'Price ($)'}
            error={errors.price?.message}
            prefix="$"
            inputMode="decimal"
            placeholder="9.90"
            field={register('price')}
          />
          {kind === 'weight' && (
            <TextBox
              id={`${id}-per-kg`}
              label="Price per kg ($)"
              error={errors.perKg?.message}
              hint="For every started kilogram."
              prefix="$"
              inputMode="decimal"
              placeholder="2.50"
              field={register('perKg')}
            />
          )}
        </div>
        <TextBox
          id={`${id}-free-above`}
          label="Free above ($, optional)"
          error={errors.freeAbove?.message}
          hint="Free when the order's subtotal reaches this. Empty: never free."
          prefix="$"
          inputMode="decimal"
          placeholder="500.00"
          field={register('freeAbove')}
        />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 font-semibold text-slate-900">Delivery in business days</legend>
          <div className="grid grid-cols-2 gap-5">
            <TextBox
              id={`${id}-min-days`}
              label="Fastest"
              error={errors.minDays?.message}
              inputMode="numeric"
              maxLength={3}
              placeholder="3"
              field={register('minDays')}
            />
            <TextBox
              id={`${id}-max-days`}
              label="Slowest"
              error={errors.maxDays?.message}
              inputMode="numeric"
              maxLength={3}
              placeholder="5"
              field={register('maxDays')}
            />
          </div>
        </fieldset>
        <FormProblems text={METHOD_FAILED} failure={failure} rootError={errors.root?.message} />
        <DialogButtons pending={save.isPending} onCancel={onClose}>
          {method ? 'Save method' : 'Add method'}
        </DialogButtons>
      </form>
    </EditDialog>
  );
}
