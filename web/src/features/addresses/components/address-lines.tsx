import type { Address, Country } from '@partsmith/contract';
import { addressLines } from '@partsmith/contract/address-lines';
import { LabelLines } from '../../../components/ui/label-lines.tsx';
import { countryNameIn } from '../api/get-countries.ts';

/** A short name for one address, for buttons and messages: its name and street. */
export const addressLabel = (address: Pick<Address, 'name' | 'line1'>) =>
  `${address.name}, ${address.line1}`;

/** Whether the customer may change the address: their own, or their company's as its admin. */
export const mayEdit = (address: Address) => !address.companyId || address.editable === true;

/** The heading of a company's shared addresses: "Company addresses: Acme Workshop". */
export const companyAddressesTitle = (shared: readonly Address[]) => {
  const name = shared.find((address) => address.companyName)?.companyName;
  return name ? `Company addresses: ${name}` : 'Company addresses';
};

/** An address as people read it: the contract's lines, the name first and in bold. */
export function AddressLines({
  address,
  countries,
}: {
  address: Address;
  /** The country list, for the country's name (its code until the list is loaded). */
  countries: readonly Country[] | undefined;
}) {
  return (
    <p className="min-w-0 text-slate-700">
      <LabelLines lines={addressLines(address, countryNameIn(countries))} />
    </p>
  );
}
