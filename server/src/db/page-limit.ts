import { sql, type Placeholder } from 'drizzle-orm';

/** The largest page a keyset list asks for (admin lists: 200 and one more to see if more follow). */
const MAX_PAGE_ROWS = 1000;

/**
 * A keyset page's LIMIT, written into the statement's text instead of sent as a parameter
 * (decision 039). A statement kept prepared is planned for its parameters ("custom" plans)
 * until PostgreSQL finds its one "generic" plan no costlier; with `LIMIT $n`, the generic plan
 * is costed as if a tenth of the rows after the cursor were read, so on a large table it never
 * looks cheaper, and every page was planned again: at 100,000 parts the embedded database
 * re-planned each random later page (0.25-0.5 ms of a 1.2 ms request) while at 1,000 parts it
 * reused its plan. With the page size in the text, the generic plan is costed for that many
 * rows and is kept. The size is a validated integer: at most a few hundred texts exist, and
 * the statement cache keeps the ones in use.
 */
export function pageLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > MAX_PAGE_ROWS)
    throw new RangeError(`not a page size: ${rows}`);
  // Drizzle's limit() writes an SQL chunk given to it as it is (its dialect embeds any object);
  // its type names only numbers and placeholders.
  return sql.raw(String(rows)) as unknown as Placeholder;
}

/**
 * A keyset page from `rows` read with `pageLimit(limit + 1)`: the first `limit` rows, and the
 * cursor past the last of them when more follow (null at the end).
 */
export function keysetPage<T extends { seq: number }>(rows: T[], limit: number) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { page, nextCursor: more ? String(page[page.length - 1]!.seq) : null };
}
