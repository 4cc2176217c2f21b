/**
 * The first message at or under a form error: react-hook-form puts a list's or a choice's own
 * message on one of its entries (`countries.<n>`, `options.<n>`), not on the field itself.
 */
export function messageIn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const inner of Object.values(error)) {
    const message = messageIn(inner);
    if (message) return message;
  }
  return undefined;
}
