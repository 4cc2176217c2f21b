// The catalogue pages the bench asks for: the list's path, and cursors the cache has not seen.

export const LIST = '/api/allParts';

/**
 * Unique cursors: each request a page the catalogue cache has not seen in this whole run. The
 * list, p99, growth and soak steps ask the same server, and its cache keeps every page asked for
 * until the catalogue changes, so one counter per catalogue size (`asked`, a Map shared by the
 * run) runs across all of them (each step starting again at the first cursor had the growth
 * step's 1,000-part side answer pages the list step had cached, against an uncached 100,000-part
 * side). A cursor is a page's start (a stride of a prime through the catalogue), then the same
 * starts with more leading zeros (a different cache key, the same page: cursors are 15 digits at
 * most), then a page size one smaller and one larger; past that (about 38,000 pages of 1,000
 * parts) pages repeat, and `onRepeat` is told so once.
 */
export function uncachedPaths({ asked, listed, limit = 24, onRepeat }) {
  const range = Math.max(1, listed - limit - 1);
  const padVariants = 16 - String(range - 1).length;
  const limits = [limit, limit - 1, limit + 1];
  return () => {
    const k = asked.get(listed) ?? 0;
    asked.set(listed, k + 1);
    const round = Math.floor(k / range);
    const pad = round % padVariants;
    const size = limits[Math.floor(round / padVariants) % limits.length];
    if (k === range * padVariants * limits.length)
      onRepeat(
        `the ${listed}-part catalogue ran out of unique cursors: later "uncached" pages repeat`,
      );
    const cursor = `${'0'.repeat(pad)}${(k * 7919) % range}`;
    return `${LIST}?cursor=${cursor}${size === limit ? '' : `&limit=${size}`}`;
  };
}

/** The catalogue's cursors in the order uncachedPaths gives them, for a reference's pages. */
export function cursorsOf(listed, limit = 24) {
  const range = Math.max(1, listed - limit - 1);
  return (k) => String((k * 7919) % range);
}
