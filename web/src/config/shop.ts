import { SELLER, SELLER_CITY_LINE } from '@partsmith/contract/seller';

/**
 * The shop's own contact details, shown on the home page, the contact page and info pages: the
 * seller of the invoices and mails (contract/src/seller.ts, imported on its own: a few lines of
 * the home page's JavaScript, not the contract's schemas).
 */
export const SHOP_CONTACT = {
  name: SELLER.name,
  street: SELLER.street,
  city: SELLER_CITY_LINE,
  country: SELLER.countryName,
  phone: SELLER.phone,
  phoneHref: SELLER.phoneHref,
  email: SELLER.email,
  taxId: SELLER.taxId,
} as const;

/** How the shop writes money: the API sends US dollars; they show as '$1,234.50'. */
export const SHOP_MONEY = { locale: 'en-US', currency: 'USD' } as const;
