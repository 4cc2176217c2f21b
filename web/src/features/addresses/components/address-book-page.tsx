import type { Address, AddressBody, Country } from '@partsmith/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { readablePhone } from '../../../lib/readable-phone.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { useCountries } from '../api/get-countries.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { AddressForm } from './address-form.tsx';
import { AddressLines, addressLabel, companyAddressesTitle, mayEdit } from './address-lines.tsx';

export const ADDRESSES_TITLE = 'Addresses | Partsmith';
export const NO_ADDRESSES = 'You have no saved addresses yet';
export const ADDRESS_DELETED = 'The address is deleted';
export const DELETE_FAILED = 'We could not delete the address';
export const DEFAULT_CHANGED = 'Your default address is changed';
export const DEFAULT_FAILED = 'We could not make it your default address';

/** The confirmation's text before an address leaves the book (or the company's addresses). */
export const deleteAddressText = (address: Address) =>
  address.companyId
    ? `${addressLabel(address)} leaves the addresses of ${address.companyName ?? 'your company'}, for all its members. Orders already placed keep their copy.`
    : `${addressLabel(address)} leaves your address book. Orders already placed keep their copy.`;

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/** The fields of a saved address as the API takes them back (PUT), with `changes`. */
const bodyOf = (
  { _id: _, companyId: _company, companyName: _name, editable: _editable, ...fields }: Address,
  changes: Partial<AddressBody>,
): AddressBody => ({ ...fields, ...changes });

/** How many addresses of their own the customer has. */
const savedCount = (n: number) => {
  if (n === 0) return 'No saved addresses of your own yet';
  return n === 1 ? '1 saved address' : `${n} saved addresses`;
};

/**
 * One saved address: its lines, phone, tax ID and whether it is the default, with Edit (the form
 * in its place), Make default and Delete (after a confirmation).
 */
function AddressCard({
  address,
  countries,
  onDeleted,
}: {
  address: Address;
  countries: readonly Country[] | undefined;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const editButton = useRef<HTMLButtonElement>(null);
  // The focus goes back to Edit when the form closes (it was on the form, which is gone).
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };

  const label = addressLabel(address);
  const busy = update.isPending || remove.isPending;
  const editable = mayEdit(address);

  const makeDefault = () =>
    update.mutate(
      { id: address._id, body: bodyOf(address, { isDefault: true }) },
      {
        onSuccess: () => toast.success(DEFAULT_CHANGED),
        onError: (error) => toast.error(DEFAULT_FAILED, { description: errorText(error) }),
      },
    );

  const onDelete = async () => {
    if (!(await confirmDialog(deleteAddressText(address)))) return;
    remove.mutate(address._id, {
      onSuccess: () => {
        toast.success(ADDRESS_DELETED);
        onDeleted();
      },
      onError: (error) => toast.error(DELETE_FAILED, { description: errorText(error) }),
    });
  };

  if (editing) {
    return (
      <li className={`${CARD} p-5 sm:col-span-2 sm:p-6`}>
        <AddressForm initial={address} onSaved={close} onCancel={close} focusFirstField />
      </li>
    );
  }

  return (
    <li aria-label={label} className={`${CARD} flex flex-col gap-4 p-5`}>
      <div className="flex items-start justify-between gap-3">
        <AddressLines address={address} countries={countries} />
        {address.isDefault && (
          <span className="badge shrink-0 border-orange-300 bg-orange-100 font-semibold text-orange-900">
            {address.companyId ? 'Company default' : 'Default'}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-900">Phone:</dt>
        <dd className="break-words text-slate-700">{readablePhone(address.phone)}</dd>
        {address.taxId && (
          <>
            <dt className="font-semibold text-slate-900">Tax ID:</dt>
            <dd className="break-words text-slate-700">{address.taxId}</dd>
          </>
        )}
      </dl>
      {!editable && (
        <p className="mt-auto border-t border-slate-200 pt-4 text-sm text-slate-700">
          Shared by {address.companyName ?? 'your company'}: its owner and admins can change it.
        </p>
      )}
      {editable && (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <button
            ref={editButton}
            type="button"
            className="btn btn-outline btn-primary btn-sm"
            disabled={busy}
            onClick={() => setEditing(true)}
          >
            Edit <span className="sr-only">{label}</span>
          </button>
          {!address.isDefault && (
            <button
              type="button"
              className="btn btn-outline btn-sm border-slate-300"
              disabled={busy}
              onClick={makeDefault}
            >
              {update.isPending && <span aria-hidden="true" className="spinner size-4" />}
              Make default <span className="sr-only">{label}</span>
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-300 text-red-700 hover:border-red-700 hover:bg-red-700 hover:text-white"
            disabled={busy}
            onClick={() => void onDelete()}
          >
            {remove.isPending && <span aria-hidden="true" className="spinner size-4" />}
            Delete <span className="sr-only">{label}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The addresses and a way to add one: the Add button opens the form above the list, and the
 * focus comes back to the button when it closes (or when an address was deleted).
 */
function AddressBook({
  addresses: all,
  countries,
}: {
  addresses: Address[];
  countries: readonly Country[] | undefined;
}) {
  const addresses = all.filter((address) => !address.companyId);
  const shared = all.filter((address) => address.companyId);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (adding || !refocus.current) return;
    refocus.current = false;
    addButton.current?.focus();
  }, [adding]);
  const close = () => {
    refocus.current = true;
    setAdding(false);
  };
  // A deleted card hands the focus to "Add an address".
  const cards = (list: Address[]) =>
    list.map((address) => (
      <AddressCard
        key={address._id}
        address={address}
        countries={countries}
        onDeleted={() => addButton.current?.focus()}
      />
    ));

  return (
    <div className="flex flex-col gap-6">
      {adding ? (
        <section aria-labelledby="new-address-heading" className={`${CARD} p-5 sm:p-8`}>
          <h2 id="new-address-heading" className="mb-5 text-xl font-bold text-slate-900">
            Add an address
          </h2>
          <AddressForm onSaved={close} onCancel={close} focusFirstField />
        </section>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">{savedCount(addresses.length)}</p>
          <button
            ref={addButton}
            type="button"
            className="btn btn-primary"
            onClick={() => setAdding(true)}
          >
            Add an address
          </button>
        </div>
      )}
      {addresses.length > 0 && (
        <ul aria-label="Your saved addresses" className="grid gap-4 sm:grid-cols-2">
          {cards(addresses)}
        </ul>
      )}
      {shared.length > 0 && (
        <section aria-labelledby="company-addresses-heading" className="flex flex-col gap-4">
          <h2 id="company-addresses-heading" className="text-xl font-bold text-slate-900">
            {companyAddressesTitle(shared)}
          </h2>
          <ul aria-labelledby="company-addresses-heading" className="grid gap-4 sm:grid-cols-2">
            {cards(shared)}
          </ul>
        </section>
      )}
    </div>
  );
}

/** No address yet: says so, with the form to add the first one (no Cancel: nothing to go back to). */
function EmptyBook() {
  return (
    <section aria-labelledby="no-addresses-heading" className={`${CARD} p-5 sm:p-8`}>
      <h2 id="no-addresses-heading" className="text-xl font-bold text-slate-900">
        {NO_ADDRESSES}
      </h2>
      <p className="mt-1 mb-5 text-slate-700">
        Add the address we should ship your orders to. You pick it again at checkout.
      </p>
      <AddressForm onSaved={() => undefined} />
    </section>
  );
}

/** /dashboard/addresses: the signed-in customer's address book. */
export function AddressBookPage() {
  const addresses = useAddresses();
  // Only for the countries' names on the cards; the form asks for them too (one request).
  const countries = useCountries();

  useEffect(() => {
    document.title = ADDRESSES_TITLE;
  }, []);

  let body;
  if (addresses.isPending) {
    body = (
      <SkeletonList
        label="Loading your addresses"
        rows={3}
        className={`${CARD} flex flex-col gap-4 p-5`}
        picture="h-10 w-10"
      />
    );
  } else if (!addresses.data) {
    body = <LoadFailed what="your addresses" query={addresses} />;
  } else if (addresses.data.length === 0) {
    body = <EmptyBook />;
  } else {
    body = <AddressBook addresses={addresses.data} countries={countries.data} />;
  }

  return (
    <DashboardPage
      eyebrow="Your account"
      title="Your addresses"
      intro="Where we ship your orders and whom we invoice: pick one of these at checkout, or make one your default."
    >
      {body}
    </DashboardPage>
  );
}
