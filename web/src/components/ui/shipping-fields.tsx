import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useFieldIds } from '../../lib/field-ids.ts';
import { FormField, fieldBorder } from './form-field.tsx';

/** Where an order ships: the contract's CheckoutBody (a cart's checkout, an accepted quote). */
export interface ShippingValues {
  address: string;
  phone: string;
}

/**
 * The shipping address and phone of a form whose values include ShippingValues, each labelled and
 * tied to its error: a purchase, the cart's checkout and the acceptance of a quote ask them the
 * same way. `ids`: the form's own ids for the two fields, else ids of their own.
 */
export function ShippingFields<Values extends ShippingValues>({
  register: registerValue,
  errors: valueErrors,
  ids: formIds,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  ids?: Record<keyof ShippingValues, string>;
}) {
  // Only the two fields every Values has are registered and read here.
  const register = registerValue as unknown as UseFormRegister<ShippingValues>;
  const errors = valueErrors as FieldErrors<ShippingValues>;
  const ownIds = useFieldIds('address', 'phone');
  const ids = formIds ?? ownIds;
  return (
    <>
      <FormField id={ids.address} label="Shipping address" error={errors.address?.message}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            autoComplete="shipping street-address"
            placeholder="Street and number, city, postal code"
            className={`textarea w-full border ${fieldBorder(!!errors.address)}`}
            {...register('address')}
          />
        )}
      </FormField>
      <FormField id={ids.phone} label="Phone number" error={errors.phone?.message}>
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 555 123 4567"
            className={`input w-full border ${fieldBorder(!!errors.phone)}`}
            {...register('phone')}
          />
        )}
      </FormField>
    </>
  );
}
