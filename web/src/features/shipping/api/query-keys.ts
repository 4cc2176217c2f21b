// The shipping feature's query keys. Only this page reads the zones, rates and exemptions as the
// admins keep them; the checkout asks for its own priced options (the cart's keys).

/** GET /api/shipping-zones: every zone with its methods. */
export const shippingZonesKey = ['shipping-zones'] as const;
/** GET /api/tax-rates: every sales tax rate. */
export const taxRatesKey = ['tax-rates'] as const;
/** GET /api/users/:email/tax-exemption: one customer's exemption, or null. */
export const taxExemptionKey = (email: string) => ['tax-exemption', email.toLowerCase()] as const;
