// Part numbers (issue 46): unique whatever their case (the index on upper(sku)), deleted parts'
// too, since an order line keeps its part's number.

export const SKU_TAKEN = 'That part number is already used by another part.';

/** Whether a failed statement broke a unique index (23505; Drizzle keeps the driver's as `cause`). */
export function brokeUniqueIndex(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== error && brokeUniqueIndex(cause));
}
