import type { Address, Country } from '@partsmith/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { useAddresses } from '../api/get-addresses.ts';
import { useCountries } from '../api/get-countries.ts';
import { AddressForm } from './address-form.tsx';
import { AddressLines, addressLabel, companyAddressesTitle, mayEdit } from './address-lines.tsx';

export const SAVED_TO_BOOK =
  'Where should we ship? The address is saved to your address book for your next orders.';

export interface AddressPickerProps {
  /** The chosen address's id; null before the list is loaded or when the book is empty. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** The id of an address's radio in the group `name`. */
const optionId = (name: string, id: string) => `${name}-${id}`;

/**
 * One address to choose (a native radio, its lines as the label) and its Edit button (none on a
 * company's address the customer may not change).
 */
function AddressOption({
  address,
  countries,
  name,
  checked,
  onSelect,
  onEdit,
}: {
  address: Address;
  countries: readonly Country[] | undefined;
  name: string;
  checked: boolean;
  onSelect: () => void;
  onEdit: () => void;
}) {
  const id = optionId(name, address._id);
  const badge = address.companyId ? 'Company default' : 'Default';
  return (
    <li
      className={`flex items-start gap-3 rounded-box border p-4 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${
        checked ? 'border-primary bg-orange-50 ring-1 ring-primary' : 'border-slate-300 bg-white'
      }`}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={address._id}
        checked={checked}
        onChange={onSelect}
        className="radio radio-primary mt-0.5 shrink-0 border-slate-500"
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <AddressLines address={address} countries={countries} />
        {address.isDefault && (
          <span className="badge badge-sm mt-2 border-orange-300 bg-orange-100 font-semibold text-orange-900">
            {badge}
          </span>
        )}
      </label>
      {mayEdit(address) && (
        <button
          id={`${id}-edit`}
          type="button"
          className="btn btn-ghost btn-sm shrink-0"
          onClick={onEdit}
        >
          Edit <span className="sr-only">{addressLabel(address)}</span>
        </button>
      )}
    </li>
  );
}

/**
 * Where an order ships, from the address book (the checkout, a quote's acceptance): the saved
 * addresses as a radio group, the default chosen when nothing is yet; a new address (saved to the
 * book and chosen) or a changed one without leaving the page. An empty book opens the form at
 * once. It stands inside the order's form: its address form is a group of fields there, whose
 * Enter saves the address (AddressForm's inOuterForm), not the order.
 */
export function AddressPicker({ selectedId, onSelect }: AddressPickerProps) {
  const addresses = useAddresses();
  const countries = useCountries();
  const name = useId();
  /** The form that is open: 'new', or the id of the address being changed. */
  const [open, setOpen] = useState<string | null>(null);

  // Where the focus goes once a form has closed (it was in the form, which is gone): the new
  // address's radio, the Edit button it came from, or Add. Tried after each render until the
  // element is there (a new address shows once the list is asked again).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const element = focusNext.current && document.getElementById(focusNext.current);
    if (!element) return;
    focusNext.current = null;
    element.focus();
  });
  const closeForm = (focus: string) => {
    focusNext.current = focus;
    setOpen(null);
  };
  const addId = `${name}-add`;

  // Once the list is there and nothing is chosen: the default address, else the first one.
  const chosenOnce = useRef(false);
  useEffect(() => {
    const list = addresses.data;
    if (chosenOnce.current || selectedId !== null || !list?.length) return;
    chosenOnce.current = true;
    onSelect((list.find((address) => address.isDefault) ?? list[0])?._id ?? null);
  }, [addresses.data, selectedId, onSelect]);

  if (addresses.isPending) {
    return (
      <SkeletonList
        label="Loading your addresses"
        rows={2}
        className="flex flex-col gap-4 rounded-box border border-slate-300 p-4"
        picture="h-5 w-5 rounded-full"
      />
    );
  }
  if (!addresses.data) return <LoadFailed what="your addresses" query={addresses} />;

  if (addresses.data.length === 0) {
    return (
      <section aria-labelledby={`${name}-heading`} className="flex flex-col gap-3">
        <h3 id={`${name}-heading`} className="text-lg font-bold text-slate-900">
          Ship to
        </h3>
        <p className="text-slate-700">{SAVED_TO_BOOK}</p>
        <AddressForm
          inOuterForm
          onSaved={(id) => {
            focusNext.current = optionId(name, id);
            onSelect(id);
          }}
        />
      </section>
    );
  }

  const option = (address: Address) =>
    open === address._id ? (
      <li key={address._id} className="rounded-box border border-slate-300 bg-white p-4">
        <AddressForm
          inOuterForm
          initial={address}
          onSaved={() => closeForm(`${optionId(name, address._id)}-edit`)}
          onCancel={() => closeForm(`${optionId(name, address._id)}-edit`)}
          focusFirstField
        />
      </li>
    ) : (
      <AddressOption
        key={address._id}
        address={address}
        countries={countries.data}
        name={name}
        checked={address._id === selectedId}
        onSelect={() => onSelect(address._id)}
        onEdit={() => setOpen(address._id)}
      />
    );
  const own = addresses.data.filter((address) => !address.companyId);
  const shared = addresses.data.filter((address) => address.companyId);
  const sharedHeading = `${name}-company`;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="min-w-0">
        <legend className="mb-3 text-lg font-bold text-slate-900">Ship to</legend>
        {own.length > 0 && <ul className="flex flex-col gap-3">{own.map(option)}</ul>}
        {shared.length > 0 && (
          <>
            <h4
              id={sharedHeading}
              className={`mb-3 font-bold text-slate-900 ${own.length > 0 ? 'mt-4' : ''}`}
            >
              {companyAddressesTitle(shared)}
            </h4>
            <ul aria-labelledby={sharedHeading} className="flex flex-col gap-3">
              {shared.map(option)}
            </ul>
          </>
        )}
      </fieldset>
      {open === 'new' ? (
        <section
          aria-labelledby={`${name}-new-heading`}
          className="rounded-box border border-slate-300 bg-white p-4"
        >
          <h3 id={`${name}-new-heading`} className="mb-4 text-lg font-bold text-slate-900">
            A new address
          </h3>
          <AddressForm
            inOuterForm
            onSaved={(id) => {
              onSelect(id);
              closeForm(optionId(name, id));
            }}
            onCancel={() => closeForm(addId)}
            focusFirstField
          />
        </section>
      ) : (
        <button
          id={addId}
          type="button"
          className="btn btn-outline btn-primary w-full sm:w-auto sm:self-start"
          onClick={() => setOpen('new')}
        >
          Add a new address
        </button>
      )}
    </div>
  );
}
