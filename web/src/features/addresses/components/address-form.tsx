import type { Address, Country } from '@partsmith/contract';
import { ADDRESS_LIMITS } from '@partsmith/contract/address-lines';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { readablePhone } from '../../../lib/readable-phone.ts';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useCountries } from '../api/get-countries.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { AddressFormOptions, useShareableCompany } from './address-form-options.tsx';
import {
  Container,
  addressResolver,
  bordered,
  postalCodeLabel,
  regionLabel,
  type AddressInput,
  type AddressOutput,
} from './address-form-parts.tsx';
import { fieldOfRefusal, type AddressField } from './server-field.ts';

export const ADDRESS_SAVED = 'The address is saved in your address book';
export const ADDRESS_UPDATED = 'The address is updated';
/** The country the form starts with for a new address (the shop ships from the US). */
export const DEFAULT_COUNTRY = 'US';

const valuesOf = (initial: Address | undefined, country: string): AddressInput => ({
  name: initial?.name ?? '',
  company: initial?.company ?? '',
  line1: initial?.line1 ?? '',
  line2: initial?.line2 ?? '',
  city: initial?.city ?? '',
  country: initial?.country ?? country,
  region: initial?.region ?? '',
  postalCode: initial?.postalCode ?? '',
  phone: initial ? readablePhone(initial.phone) : '',
  taxId: initial?.taxId ?? '',
  isDefault: initial?.isDefault ?? false,
  ...(initial ? {} : { shared: false }),
});

export interface AddressFormProps {
  /** The address to change; without it the form adds a new one. */
  initial?: Address;
  /** Called with the address's id once the server has it (the address list is asked again first). */
  onSaved: (id: string) => void;
  /** Shows a Cancel button that calls it. */
  onCancel?: () => void;
  /** Puts the focus on the first field when the form opens (it opened from a button). */
  focusFirstField?: boolean;
  /**
   * It stands inside another form (the checkout's, a quote's acceptance): its fields are a group
   * instead of a <form> of their own (forms do not nest), and Enter in a field saves the address
   * instead of submitting the outer form.
   */
  inOuterForm?: boolean;
}

/**
 * One address of the address book, new or changed: POST /api/addresses or PUT
 * /api/addresses/:id. The fields follow the country (its regions, "ZIP code" in the US); the
 * browser can fill them in (autocomplete). A refusal shows under the field it names, else above
 * the fields. Required fields say so with aria-required: the browser's own checks never stop
 * a submit (of this form or of one around it).
 */
export function AddressForm(props: AddressFormProps) {
  const countries = useCountries();
  if (countries.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading the address form</span>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} aria-hidden="true" className="skeleton-pulse h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!countries.data) return <LoadFailed what="the list of countries" query={countries} />;
  return <AddressFields {...props} countries={countries.data} />;
}

function AddressFields({
  initial,
  onSaved,
  onCancel,
  focusFirstField = false,
  inOuterForm = false,
  countries,
}: AddressFormProps & { countries: readonly Country[] }) {
  const ids = useFieldIds(
    'name',
    'company',
    'line1',
    'line2',
    'city',
    'country',
    'region',
    'postalCode',
    'phone',
    'taxId',
    'failure',
  );
  // Only a new address may be shared, and only by the company's owner and admins.
  const shareWith = useShareableCompany(!initial);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const startCountry = countries.some((c) => c.code === DEFAULT_COUNTRY)
    ? DEFAULT_COUNTRY
    : (countries[0]?.code ?? DEFAULT_COUNTRY);
  // The list is fixed for the visit (staleTime Infinity): one resolver for the form's life.
  const resolver = useMemo(() => addressResolver(countries), [countries]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, AddressOutput>({
    resolver,
    defaultValues: valuesOf(initial, startCountry),
  });

  useEffect(() => {
    if (focusFirstField) setFocus('name');
  }, [focusFirstField, setFocus]);

  const countryCode = useWatch({ control, name: 'country' });
  const sharing = useWatch({ control, name: 'shared' }) === true;
  const country = countries.find((c) => c.code === countryCode);
  const regions = country?.regions ?? [];
  const regionRequired = (country?.regionRequired ?? false) && regions.length > 0;
  const regionWord = regionLabel(countryCode);

  const submit = async (body: AddressOutput) => {
    try {
      if (initial) {
        const { shared: _shared, ...fields } = body;
        await update.mutateAsync({ id: initial._id, body: fields });
        toast.success(ADDRESS_UPDATED);
        onSaved(initial._id);
      } else {
        const { insertedId } = await create.mutateAsync(
          shareWith && body.shared ? body : { ...body, shared: undefined },
        );
        toast.success(ADDRESS_SAVED);
        onSaved(insertedId);
      }
    } catch (error) {
      const field = fieldOfRefusal(error);
      const shown: AddressField | null = field === 'region' && regions.length === 0 ? null : field;
      if (shown)
        setError(shown, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setError('root.server', { type: 'server', message: errorText(error) });
    }
  };

  // Why the save failed, when no field says it; or why the checks could not run (offline).
  const failure = errors.root?.server?.message ?? errors.root?.message;

  return (
    <Container
      label={initial ? `Edit the address of ${initial.name}` : 'New address'}
      inOuterForm={inOuterForm}
      onSave={() => {
        // Enter in a field while it saves (the button is disabled, the field is not).
        if (!isSubmitting) void handleSubmit(submit)();
      }}
    >
      {failure && (
        <div id={ids.failure} role="alert" className="alert alert-error">
          {failure}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={ids.country}
          label="Country"
          error={errors.country?.message}
          className="sm:col-span-2"
        >
          {(props) => (
            <select
              {...props}
              aria-required
              autoComplete="country"
              className={`select bg-white ${bordered(!!errors.country)}`}
              {...register('country', {
                // A region of the country before does not belong to the new one.
                onChange: () => {
                  const next = countries.find((c) => c.code === getValues('country'));
                  const region = getValues('region');
                  if (!next?.regions.some((r) => r.code === region)) setValue('region', '');
                },
              })}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={ids.name} label="Full name" error={errors.name?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              aria-required
              autoComplete="name"
              maxLength={ADDRESS_LIMITS.name}
              className={`input ${bordered(!!errors.name)}`}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField id={ids.company} label="Company (optional)" error={errors.company?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="organization"
              maxLength={ADDRESS_LIMITS.company}
              className={`input ${bordered(!!errors.company)}`}
              {...register('company')}
            />
          )}
        </FormField>
        <FormField
          id={ids.line1}
          label="Street address"
          error={errors.line1?.message}
          className="sm:col-span-2"
        >
          {(props) => (
            <input
              {...props}
              type="text"
              aria-required
              autoComplete="address-line1"
              maxLength={ADDRESS_LIMITS.line}
              placeholder="Street and number"
              className={`input ${bordered(!!errors.line1)}`}
              {...register('line1')}
            />
          )}
        </FormField>
        <FormField
          id={ids.line2}
          label="Apartment, suite, unit (optional)"
          error={errors.line2?.message}
          className="sm:col-span-2"
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="address-line2"
              maxLength={ADDRESS_LIMITS.line}
              className={`input ${bordered(!!errors.line2)}`}
              {...register('line2')}
            />
          )}
        </FormField>
        <FormField id={ids.city} label="City" error={errors.city?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              aria-required
              autoComplete="address-level2"
              maxLength={ADDRESS_LIMITS.city}
              className={`input ${bordered(!!errors.city)}`}
              {...register('city')}
            />
          )}
        </FormField>
        {regions.length > 0 && (
          <FormField
            id={ids.region}
            label={regionRequired ? regionWord : `${regionWord} (optional)`}
            error={errors.region?.message}
          >
            {(props) => (
              <select
                {...props}
                aria-required={regionRequired || undefined}
                autoComplete="address-level1"
                className={`select bg-white ${bordered(!!errors.region)}`}
                {...register('region')}
              >
                <option value="">
                  {regionRequired ? `Choose a ${regionWord.toLowerCase()}` : 'None'}
                </option>
                {regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField
          id={ids.postalCode}
          label={postalCodeLabel(countryCode)}
          error={errors.postalCode?.message}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              aria-required
              autoComplete="postal-code"
              maxLength={ADDRESS_LIMITS.postalCode}
              className={`input ${bordered(!!errors.postalCode)}`}
              {...register('postalCode')}
            />
          )}
        </FormField>
        <FormField
          id={ids.phone}
          label="Phone number"
          error={errors.phone?.message}
          hint="For the carrier, if they need to reach you about the delivery."
        >
          {(props) => (
            <input
              {...props}
              type="tel"
              aria-required
              autoComplete="tel"
              inputMode="tel"
              maxLength={ADDRESS_LIMITS.phone}
              placeholder="+1 512 555 0147"
              className={`input ${bordered(!!errors.phone)}`}
              {...register('phone')}
            />
          )}
        </FormField>
        <FormField
          id={ids.taxId}
          label="Tax ID / VAT number (optional)"
          error={errors.taxId?.message}
          hint="Printed on your invoices."
          className="sm:col-span-2"
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              maxLength={ADDRESS_LIMITS.taxId}
              className={`input ${bordered(!!errors.taxId)}`}
              {...register('taxId')}
            />
          )}
        </FormField>
      </div>
      <AddressFormOptions
        register={register}
        shareWith={shareWith}
        companyDefault={initial ? initial.companyId !== undefined : sharing}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button
          type={inOuterForm ? 'button' : 'submit'}
          className="btn btn-primary"
          disabled={isSubmitting}
          onClick={inOuterForm ? () => void handleSubmit(submit)() : undefined}
        >
          {isSubmitting && <span aria-hidden="true" className="spinner size-5" />}
          {initial ? 'Save changes' : 'Save address'}
        </button>
        {onCancel && (
          <button
            type="button"
            className="btn btn-outline border-slate-300"
            disabled={isSubmitting}
            onClick={onCancel}
          >
            Cancel
          </button>
        )}
        <p aria-live="polite" className="text-sm text-slate-700">
          {isSubmitting ? 'Saving the address…' : ''}
        </p>
      </div>
    </Container>
  );
}
