import { sql, type SQL } from 'drizzle-orm';
import { SKU_MAX, SUGGESTIONS_MAX, type PartSuggestion } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { searchWords, type Synonyms } from './search-input.ts';

/** How many parts, in catalogue order, the names of a short text are looked for in. */
const SHORT_SCAN = 2000;

/** Text that could start a part number: letters, digits and dashes. */
const SKU_START = /^[A-Za-z0-9-]+$/;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/**
 * Text matched literally in a regular expression: every ASCII sign (all of PostgreSQL's ARE
 * metacharacters are) after a `\`, which makes it itself; a `\` before a letter or a digit would
 * make an escape instead, so those are left as they are.
 */
const escapeRegex = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);

interface Row extends PartSuggestion {
  step: number;
  seq: number;
}

/** The steps in order; a step's parts in its own order (a number's, else the catalogue's). */
const byStep = (a: Row, b: Row) =>
  a.step - b.step ||
  (a.step === 2
    ? Number(a.sku.toUpperCase() > b.sku.toUpperCase()) -
      Number(a.sku.toUpperCase() < b.sku.toUpperCase())
    : Number(a.seq) - Number(b.seq));

/**
 * GET /api/parts/suggest: at most SUGGESTIONS_MAX listed parts for what is typed in the header's
 * search box, in four steps, each through an index and cut at SUGGESTIONS_MAX, the first steps
 * first and a part once:
 * 1. the part whose number is the text (any case): the unique index on upper(sku);
 * 2. the parts whose numbers start with it, in their order: the same index, as a range (a LIKE
 *    reads an index in the C collation only), the LIKE then keeping the exact prefix;
 * 3. the parts with a word of their name starting with it, in catalogue order;
 * 4. when the text is one of the trade's words (`synonyms`: psu, mobo, ram), the parts with one
 *    of what it stands for at the start of a word of their name ("Power Supply"), or in their
 *    category's name (ram: the Memory category), as the search finds them;
 * 5. the parts whose names hold it anywhere, likewise (steps 3 to 5: the names' trigram index
 *    or, for a common text, the catalogue's order until enough are found).
 * A trigram index cannot help a text without three letters or digits in a row ("z", "a b"): for
 * one, steps 3 to 5 look at the first SHORT_SCAN parts only (a whole catalogue of 100,000 took
 * 110 to 160 ms a step on PostgreSQL; the third character typed finds the rest).
 */
export async function suggestParts(
  db: DbOrTx,
  q: string,
  synonyms: Synonyms = new Map(),
): Promise<PartSuggestion[]> {
  const text = q.trim();
  const steps: SQL[] = [];
  const listed = sql`p.deleted_at is null and p.listed`;
  const columns = sql`p.id as "_id", p.name, p.sku, p.category, p.seq`;
  if (SKU_START.test(text) && text.length <= SKU_MAX) {
    const upper = text.toUpperCase();
    steps.push(sql`(select 1 as step, ${columns} from parts p
      where upper(p.sku) = ${upper} and ${listed})`);
    // Every number starting with the text sorts between it and it followed by Zs: a number's
    // characters are letters, digits and dashes, none after Z (byte order, or letters after
    // digits with dashes ignored in a language's collation).
    steps.push(sql`(select 2, ${columns} from parts p
      where upper(p.sku) >= ${upper} and upper(p.sku) <= ${upper + 'Z'.repeat(SKU_MAX)}
        and upper(p.sku) like ${escapeLike(upper) + '%'} and upper(p.sku) <> ${upper} and ${listed}
      order by upper(p.sku) limit ${SUGGESTIONS_MAX})`);
  }
  const named = /[\p{L}\p{N}]{3}/u.test(text)
    ? sql`parts p`
    : sql`(select p.id, p.name, p.sku, p.category, p.seq, p.deleted_at, p.listed from parts p
        where ${listed} order by p.seq limit ${SHORT_SCAN}) p`;
  steps.push(sql`(select 3, ${columns} from ${named}
    where p.name ~* ${`\\m${escapeRegex(text)}`} and ${listed}
    order by p.seq limit ${SUGGESTIONS_MAX})`);
  const expansions = synonyms.get(searchWords(text).join(' '));
  if (expansions?.length) {
    // Each expansion's words in a row from a word's start, whatever stands between them
    // ("power supply", "Power-Supply"); the words are letters and digits only.
    const stands = expansions.map((words) => `\\m${words.join('[^[:alnum:]]+')}`).join('|');
    steps.push(sql`(select 4, ${columns} from ${named}
      where p.name ~* ${stands} and ${listed}
      order by p.seq limit ${SUGGESTIONS_MAX})`);
    // The categories named so, read first: a subquery that found none had PostgreSQL read every
    // part by the catalogue's order looking for them (120 ms at 100,000 parts); a category's
    // own parts come off its index.
    const categories = await db.execute(
      sql`select slug from categories where name ~* ${stands} order by position, slug limit 4`,
    );
    for (const { slug } of (categories as unknown as { rows: { slug: string }[] }).rows)
      steps.push(sql`(select 4, ${columns} from ${named}
        where p.category = ${slug} and ${listed}
        order by p.seq limit ${SUGGESTIONS_MAX})`);
  }
  steps.push(sql`(select 5, ${columns} from ${named}
    where p.name ilike ${`%${escapeLike(text)}%`} and ${listed}
    order by p.seq limit ${SUGGESTIONS_MAX})`);
  const result = await db.execute(sql.join(steps, sql` union all `));
  // Sorted here: a UNION ALL promises no order of its own.
  const rows = (result as unknown as { rows: Row[] }).rows.sort(byStep);
  const seen = new Set<string>();
  const items: PartSuggestion[] = [];
  for (const { _id, name, sku, category } of rows) {
    if (seen.has(_id) || items.length === SUGGESTIONS_MAX) continue;
    seen.add(_id);
    items.push({ _id, name, sku, category });
  }
  return items;
}
