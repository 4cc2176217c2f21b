// Who sells: the one description of the shop's company that its invoices, credit notes, mails,
// footer, contact and information pages all print. No zod, and not in the contract's index:
// everyone imports this file on its own ('@partsmith/contract/seller'), so the web app bundles it
// once, with its shop config (web/src/config/shop.ts), and not beside the contract's schemas.

export const SELLER = {
  name: 'Partsmith Inc.',
  street: '1200 Industrial Pkwy',
  city: 'Austin',
  /** The state, as its ISO 3166-2 code without the country. */
  region: 'TX',
  postalCode: '78758',
  /** ISO 3166-1 alpha-2. */
  country: 'US',
  countryName: 'United States',
  /** Printed on documents as "Tax ID: EIN 12-3456789". */
  taxId: 'EIN 12-3456789',
  phone: '+1 (512) 555-0147',
  phoneHref: 'tel:+15125550147',
  email: 'sales@partsmith.example',
} as const;

/** The city line as the US writes it: "Austin, TX 78758". */
export const SELLER_CITY_LINE = `${SELLER.city}, ${SELLER.region} ${SELLER.postalCode}`;

/** The address as lines for people: street, city line, country. */
export function sellerAddressLines(): string[] {
  return [SELLER.street, SELLER_CITY_LINE, SELLER.countryName];
}

/**
 * Who sells, as the documents print the seller (invoices, credit notes, packing slips): its name,
 * address lines, tax ID, phone and e-mail; the shop adds its web address.
 */
export function sellerParty() {
  return {
    name: SELLER.name,
    address: sellerAddressLines(),
    taxId: SELLER.taxId,
    phone: SELLER.phone,
    email: SELLER.email,
  };
}
