import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number the address book keeps in E.164 (+15125550147) as people read it:
 * +1 512 555 0147, as the order mails and invoices print it. Anything it cannot read (the purchase
 * page's phone is kept as typed) is shown as it is.
 */
export const readablePhone = (phone: string) =>
  parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
