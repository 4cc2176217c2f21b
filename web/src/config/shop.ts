/** The shop's own contact details, shown on the home page, the contact page and info pages. */
export const SHOP_CONTACT = {
  street: '1200 Industrial Pkwy',
  city: 'Austin, TX 78758',
  country: 'USA',
  phone: '+1 (512) 555-0147',
  phoneHref: 'tel:+15125550147',
  email: 'sales@partsmith.example',
} as const;

/** How the shop writes money: the API sends US dollars; they show as '$1,234.50'. */
export const SHOP_MONEY = { locale: 'en-US', currency: 'USD' } as const;
