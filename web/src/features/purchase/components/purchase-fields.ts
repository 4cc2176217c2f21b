import { PurchaseBody, QuantityField } from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';

/**
 * The contract's purchase fields without the part id (it comes from the page). An empty quantity
 * box reads as "missing", so it gets 'Quantity is Required' rather than a number error. Loaded
 * with zod when the form is first focused or checked (purchase-form.tsx), not with the page.
 */
export const PurchaseFields = PurchaseBody.omit({ partId: true }).extend({
  quantity: z.preprocess((value) => (value === '' ? undefined : value), QuantityField),
});
