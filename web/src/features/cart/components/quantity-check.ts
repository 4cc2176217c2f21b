import { quantityMessage } from '@partsmith/contract/constants';

export type QuantityCheck = { quantity: number; error?: undefined } | { error: string };

/**
 * A cart line's quantity box, checked as the purchase page checks its own: the contract's
 * QuantityField (its messages; the contract and zod load on the first check, not with the page),
 * then the part's minimum order and stock (the quantity message).
 */
export async function checkQuantity(
  text: string,
  min: number,
  stock: number,
): Promise<QuantityCheck> {
  const { QuantityField } = await import('@partsmith/contract');
  const parsed = QuantityField.safeParse(text.trim() === '' ? undefined : text);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Quantity is Required' };
  if (parsed.data < min || parsed.data > stock) return { error: quantityMessage(min, stock) };
  return { quantity: parsed.data };
}
