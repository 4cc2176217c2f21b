import type { TaxRate } from '@partsmith/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { useSaveTaxRate, type TaxRateValues } from '../api/save-tax-rate.ts';
import { EditDialog } from './edit-dialog.tsx';
import { CODE_BOX, DialogButtons, FormProblems, TextBox } from './form-parts.tsx';
import type { TaxRateFields } from './shipping-fields.ts';
import { countryName, ratePlace, rateText } from './shipping-text.ts';

export const RATE_ADDED = 'Tax rate added';
export const RATE_SAVED = 'Tax rate saved';
export const RATE_FAILED = 'The tax rate was not saved.';

const rateFields = lazyZodResolver(() =>
  import('./shipping-fields.ts').then((m) => m.TaxRateFields),
);

/**
 * "Add a rate" or "Edit rate …": the country (its code, the name read back), a region of it or
 * the whole country, the rate's name, the percentage, and whether shipping is taxed too. A place
 * has one rate: the server's 409 for a second shows in the form.
 */
export function TaxRateForm({ rate, onClose }: { rate?: TaxRate; onClose: () => void }) {
  const id = useId();
  const save = useSaveTaxRate();
  const { failure, fail, clear } = useSubmitFailure(RATE_FAILED);
  const form = useForm<TaxRateFields, unknown, TaxRateValues>({
    resolver: rateFields,
    defaultValues: {
      country: rate?.country ?? '',
      region: rate?.region ?? '',
      name: rate?.name ?? '',
      rate: rate ? String(rate.rate) : '',
      shippingTaxed: rate?.shippingTaxed ?? false,
    },
  });
  const { register, control, handleSubmit } = form;
  const { errors } = form.formState;
  const country = useWatch({ control, name: 'country' }).trim();

  const submit = (body: TaxRateValues) => {
    if (save.isPending) return;
    clear();
    save.mutate(
      { id: rate?._id, body },
      {
        onSuccess: (saved) => {
          toast.success(rate ? RATE_SAVED : RATE_ADDED, {
            description: `${saved.name}: ${rateText(saved.rate)} in ${ratePlace(saved)}.`,
          });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <EditDialog title={rate ? `Edit tax rate ${rate.name}` : 'Add a tax rate'} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-5"
        onFocus={rateFields.preload}
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <TextBox
              id={`${id}-country`}
              label="Country code"
              error={errors.country?.message}
              hint="Two letters: US, DE."
              maxLength={2}
              {...CODE_BOX}
              field={register('country')}
            />
            {/^[a-z]{2}$/i.test(country) && (
              <p className="mt-1 text-sm text-slate-800">Reads as: {countryName(country)}.</p>
            )}
          </div>
          <TextBox
            id={`${id}-region`}
            label="Region (optional)"
            error={errors.region?.message}
            hint="The state's code without the country: TX. Empty: the whole country."
            maxLength={3}
            {...CODE_BOX}
            field={register('region')}
          />
        </div>
        <TextBox
          id={`${id}-name`}
          label="Name"
          error={errors.name?.message}
          hint="As the invoice names it: Texas sales tax."
          maxLength={80}
          field={register('name')}
        />
        <TextBox
          id={`${id}-rate`}
          label="Rate (%)"
          error={errors.rate?.message}
          hint="A percentage, up to four decimals: 8.25."
          suffix="%"
          inputMode="decimal"
          placeholder="8.25"
          field={register('rate')}
        />
        <label className="flex cursor-pointer items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="checkbox border-slate-500"
            {...register('shippingTaxed')}
          />
          Shipping is taxed too
        </label>
        <FormProblems text={RATE_FAILED} failure={failure} rootError={errors.root?.message} />
        <DialogButtons pending={save.isPending} onCancel={onClose}>
          {rate ? 'Save rate' : 'Add rate'}
        </DialogButtons>
      </form>
    </EditDialog>
  );
}
