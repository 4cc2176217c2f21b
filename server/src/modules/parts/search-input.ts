import {
  AttributeKey,
  SEARCH_FILTERS_MAX,
  SKU_MAX,
  SKU_PATTERN,
  type AttributeDef,
  type SearchSort,
} from '@partsmith/contract';
import { HttpError } from '../../lib/http-errors.ts';

// What a search is asked, read and checked (a 400 for what cannot be answered): the attribute
// filters, the words, the page's cursor, a filter's value as stored.

/** At most this many words of a search are looked for (the rest are ignored). */
const MAX_WORDS = 8;

export interface SearchInput {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: string;
  /** Only the parts with volume prices ('true' or '1'). */
  volume?: string;
  sort?: SearchSort;
  limit: number;
  cursor?: string;
  /** The `f.<key>` values of the query string, each key with one or several values. */
  filters: Map<string, string[]>;
  /** The trade's words (synonyms.ts); none when left out. */
  synonyms?: Synonyms;
  /** For `sort=best-selling`: the part ids most sold first (best-sellers.ts); none when left out. */
  bestSellers?: readonly string[];
}

/**
 * The synonyms as the search reads them: a term's words (joined by a space: "mini-itx" and
 * "mini itx" are the same words) to the words of each expansion they have.
 */
export type Synonyms = Map<string, string[][]>;

/** The `f.<key>=<value>` pairs of a query string (Fastify's parsed query: repeats are arrays). */
export function attributeFilters(query: Record<string, unknown>): Map<string, string[]> {
  const filters = new Map<string, string[]>();
  let count = 0;
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith('f.')) continue;
    const key = name.slice(2);
    if (!AttributeKey.safeParse(key).success)
      throw new HttpError(400, `"${name}" does not name an attribute`);
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).trim()).filter(Boolean);
    for (const v of values)
      if (v.length > 60) throw new HttpError(400, `The value of "${name}" is too long`);
    count += values.length;
    if (count > SEARCH_FILTERS_MAX)
      throw new HttpError(400, `At most ${SEARCH_FILTERS_MAX} attribute values in one search`);
    if (values.length) filters.set(key, [...new Set(values)]);
  }
  return filters;
}

/** The words of a search as the catalogue's words are cut: lower-case letters and digits. */
export const searchWords = (q: string | undefined) =>
  (q ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);

/**
 * The words of a search in groups: a run of words that is a synonym's term (the longest at each
 * place) is one group, matched as typed or as any of its expansions; any other word is a group of
 * its own, corrected as usual.
 */
export interface WordGroups {
  /** Each word's group, from 1. */
  group: number[];
  /** Each group's expansions as tsquery text ("(power & supply)"), '' for a plain word. */
  expansions: string[];
}

export function wordGroups(words: readonly string[], synonyms: Synonyms = new Map()): WordGroups {
  const longest = Math.max(0, ...[...synonyms.keys()].map((term) => term.split(' ').length));
  const group: number[] = [];
  const expansions: string[] = [];
  for (let i = 0; i < words.length;) {
    let size = 1;
    let found: string[][] | undefined;
    for (let k = Math.min(longest, words.length - i); k >= 1 && !found; k--) {
      found = synonyms.get(words.slice(i, i + k).join(' '));
      if (found) size = k;
    }
    expansions.push(found ? found.map((e) => `(${e.join(' & ')})`).join(' | ') : '');
    for (let k = 0; k < size; k++) group.push(expansions.length);
    i += size;
  }
  return { group, expansions };
}

/** A search's text as a part number (upper case: unique in any case), or null when it is none. */
export function skuOf(q: string | undefined): string | null {
  const text = (q ?? '').trim();
  return text.length <= SKU_MAX && SKU_PATTERN.test(text) ? text.toUpperCase() : null;
}

export type CursorValue = [sort: SearchSort, value: number, seq: number];

export const encodeCursor = (value: CursorValue) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeCursor(cursor: string, sort: SearchSort): CursorValue {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, 'Not a valid cursor');
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    value[0] !== sort ||
    typeof value[1] !== 'number' ||
    // A rank is a small real; a price in cents and a seq fit their columns.
    !(sort === 'relevance' ? value[1] >= 0 && value[1] <= 1e6 : Number.isInteger(value[1])) ||
    value[1] < 0 ||
    value[1] > 2_147_483_647 ||
    !Number.isSafeInteger(value[2]) ||
    value[2] < 0
  )
    throw new HttpError(400, 'Not a valid cursor for this search');
  return value as CursorValue;
}

/** The JSON a filter's value is stored as, by its attribute's type. */
export function storedValue(def: AttributeDef | undefined, value: string): unknown {
  if (def?.type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new HttpError(400, `${def.label} must be a number`);
    return n;
  }
  if (def?.type === 'boolean') {
    if (value !== 'true' && value !== 'false')
      throw new HttpError(400, `${def.label} is true or false`);
    return value === 'true';
  }
  return value;
}
