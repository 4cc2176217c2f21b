// Shared by the catalogue import (modules/parts/csv-records.ts) and the quick order
// (modules/cart/quick-order-lines.ts): both report problems by the line a person sees.

/**
 * Line numbers as an editor shows them, from the byte offsets csv-parse reports (its own line
 * count counts a CRLF inside a quoted field twice). `lineAt(offset)` is the line of the first
 * non-empty line at or after `offset`; offsets must not decrease.
 */
export function lineCounter(bytes: Uint8Array) {
  let at = 0;
  let line = 1;
  const LF = 0x0a;
  const CR = 0x0d;
  return (offset: number) => {
    for (; at < bytes.length && (at < offset || bytes[at] === LF || bytes[at] === CR); at++) {
      const b = bytes[at];
      if (b === LF || (b === CR && bytes[at + 1] !== LF)) line++;
    }
    return line;
  };
}
