import type { Country, NewAddressBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import type { ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { fieldBorder } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';

// The address form's checks, labels and box (address-form.tsx holds its fields).

export type AddressInput = NewAddressBody;
export type AddressOutput = z.output<typeof NewAddressBody>;

/**
 * The contract's address fields (with a new address's `shared`); the schema (and zod) load when
 * the form is first used.
 */
const addressFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((m) => m.NewAddressBody),
);

/** What the region is called where the address is: "State" in the US, "Province" in Canada. */
export function regionLabel(country: string) {
  if (country === 'US') return 'State';
  if (country === 'CA') return 'Province';
  return 'Region';
}

/** A control's full width and border, red when the field has an error. */
export const bordered = (invalid: boolean) => `w-full border ${fieldBorder(invalid)}`;

export const postalCodeLabel = (country: string) => (country === 'US' ? 'ZIP code' : 'Postal code');

/**
 * The contract's checks, and the region where the chosen country requires one (which only the
 * country list knows). A country without regions to pick has no region field to fill.
 */
export function addressResolver(
  countries: readonly Country[],
): Resolver<AddressInput, unknown, AddressOutput> {
  return async (values, context, options) => {
    const result = await addressFields(values, context, options);
    const country = countries.find((c) => c.code === values.country);
    if (!country?.regionRequired || country.regions.length === 0 || values.region) return result;
    const region = { type: 'required', message: `${regionLabel(country.code)} is Required` };
    return { values: {}, errors: { ...result.errors, region } };
  };
}

/**
 * The address form's box: a <form> of its own, or inside another form a group whose Enter (in a
 * one-line field, where a browser would submit the form around it) saves the address.
 */
export function Container({
  label,
  inOuterForm,
  onSave,
  children,
}: {
  label: string;
  inOuterForm: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  const className = 'flex flex-col gap-5';
  if (!inOuterForm) {
    return (
      <form
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        onFocus={addressFields.preload}
        className={className}
      >
        {children}
      </form>
    );
  }
  return (
    // The keys are the fields' (their Enter, caught on its way up), not the group's own: the group
    // takes no input itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        onSave();
      }}
      onFocus={addressFields.preload}
      className={className}
    >
      {children}
    </div>
  );
}
