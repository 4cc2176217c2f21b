import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HttpError } from '../lib/http-errors.ts';
import { pageLimit } from './page-limit.ts';

/**
 * Keyset pages over any sort (the admins' tables, issue 48): never OFFSET, whose cost grows with
 * the page's depth. A sort is a list of keys, the last of them unique (a seq, an id), all in one
 * direction; a page is the rows after the last one of the page before, compared as a row
 * (`(created_at, seq) < ($1, $2)`), which PostgreSQL reads from a btree index on the same
 * columns. The cursor carries the sort's name and the last row's keys as text, exactly as the
 * database has them (a time to the microsecond: a JavaScript Date keeps milliseconds, and a
 * cursor cut to the millisecond would skip or repeat rows).
 */

/**
 * How a key is compared and written in a cursor: a whole number, text, a time (timestamptz, to
 * the microsecond), a uuid.
 */
export type KeyKind = 'int' | 'text' | 'time' | 'uuid';

export interface SortKey {
  expr: AnyColumn | SQL;
  kind: KeyKind;
}

export interface KeysetSort {
  /** Kept in the cursor: a cursor made for another sort is refused. */
  name: string;
  /** The keys in order; the last one unique, so that no two rows tie. */
  keys: readonly SortKey[];
  descending: boolean;
}

/** The longest text key a cursor may carry (a part's name is at most 150, an e-mail 254). */
const TEXT_KEY_MAX = 300;

const VALID: Record<KeyKind, (v: string) => boolean> = {
  int: (v) => /^-?\d{1,19}$/.test(v) && BigInt(v) <= 2n ** 63n - 1n && BigInt(v) >= -(2n ** 63n),
  text: (v) => v.length <= TEXT_KEY_MAX,
  time: (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
};

/** A key as text, as the cursor keeps it. */
function keyText({ expr, kind }: SortKey): SQL<string> {
  if (kind === 'time')
    return sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`(${expr})::text`;
}

/** A cursor's value as a parameter of the key's type. */
function keyParam(kind: KeyKind, value: string): SQL {
  switch (kind) {
    case 'int':
      return sql`${value}::bigint`;
    case 'text':
      return sql`${value}::text`;
    case 'time':
      return sql`${value}::timestamptz`;
    case 'uuid':
      return sql`${value}::uuid`;
  }
}

export const invalidCursor = () =>
  new HttpError(
    400,
    'This page link is not valid (or was made for another sort): start again from the first page.',
  );

export function encodeCursor(sort: Pick<KeysetSort, 'name'>, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([sort.name, ...values]), 'utf8').toString('base64url');
}

/** The keys a cursor carries, checked against the sort; a 400 for any other text. */
export function decodeCursor(sort: KeysetSort, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== sort.keys.length + 1 ||
    parsed[0] !== sort.name ||
    !parsed.every((v) => typeof v === 'string')
  )
    throw invalidCursor();
  const values = (parsed as string[]).slice(1);
  if (!values.every((v, i) => VALID[sort.keys[i]!.kind](v))) throw invalidCursor();
  // Only the text this server writes: base64url decoding passes over stray characters.
  if (encodeCursor(sort, values) !== cursor) throw invalidCursor();
  return values;
}

/**
 * A page of `sort` after `cursor` (none: the first page): the condition past the cursor, the
 * ORDER BY, the LIMIT (one row more than the page, to know whether another follows), the
 * column that carries the keys, and `page(rows)`, which cuts the rows read and makes the next
 * cursor from the last row kept.
 */
export function keysetPage(sort: KeysetSort, cursor: string | undefined, limit: number) {
  const after = cursor === undefined ? undefined : decodeCursor(sort, cursor);
  return {
    /** Rows past the cursor, or undefined on the first page. */
    where: after
      ? sql`(${sql.join(
          sort.keys.map((k) => sql`${k.expr}`),
          sql`, `,
        )}) ${sql.raw(sort.descending ? '<' : '>')} (${sql.join(
          sort.keys.map((k, i) => keyParam(k.kind, after[i]!)),
          sql`, `,
        )})`
      : undefined,
    orderBy: sort.keys.map((k) => (sort.descending ? desc(k.expr) : asc(k.expr))),
    limit: pageLimit(limit + 1),
    /** The column that carries a row's keys (text[]): select it as `keysetKeys`. */
    keys: sql<string[]>`array[${sql.join(sort.keys.map(keyText), sql`, `)}]::text[]`,
    /** The page's rows (the first `limit`) and the cursor past them, null on the last page. */
    page<T extends { keysetKeys: string[] }>(rows: T[]) {
      const more = rows.length > limit;
      const kept = more ? rows.slice(0, limit) : rows;
      const last = kept[kept.length - 1];
      const nextCursor = more && last ? encodeCursor(sort, last.keysetKeys) : null;
      return { rows: kept, nextCursor };
    },
  };
}

/** The words of a search (at most `max`, each at most 100 characters), for ILIKE patterns. */
export function searchWords(q: string | undefined, max = 8): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, max);
}

/** `%word%` for ILIKE, the word's own `%`, `_` and `\` matched as themselves. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
