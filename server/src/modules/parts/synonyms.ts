import { asc, eq } from 'drizzle-orm';
import type { SearchSynonym } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/parts.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { searchWords, type Synonyms } from './search-input.ts';

/**
 * The trade's words of the search (issue 46), kept in `search_synonyms` by the admins: a query
 * word equal to a term also finds what its expansion says ("psu" finds "power supply").
 */

/** How long an instance searches with the synonyms it read before reading them again. */
const FRESH_MS = 30_000;

function synonymsOf(rows: readonly SearchSynonym[]): Synonyms {
  const synonyms: Synonyms = new Map();
  for (const row of rows) {
    const term = searchWords(row.term).join(' ');
    const expansion = searchWords(row.expansion);
    if (!term || expansion.length === 0) continue;
    synonyms.set(term, [...(synonyms.get(term) ?? []), expansion]);
  }
  return synonyms;
}

/**
 * The synonyms an instance searches with: read once, kept FRESH_MS, read again at once after
 * an admin changed them here. Another instance hears of a change within FRESH_MS (the table is
 * read, not watched: a handful of rows, changed a few times a year).
 */
export class SynonymCache {
  private synonyms: Synonyms | null = null;
  private readAt = 0;
  private reading: Promise<Synonyms> | null = null;
  /** Bumped by each change: a read that started before one is not kept. */
  private generation = 0;

  constructor(private readonly db: DbOrTx) {}

  async get(): Promise<Synonyms> {
    if (this.synonyms && performance.now() - this.readAt < FRESH_MS) return this.synonyms;
    // One read at a time; the searches meanwhile wait for it.
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** An admin changed them: the next search reads them again. */
  changed() {
    this.generation++;
    this.synonyms = null;
  }

  private async read(): Promise<Synonyms> {
    const generation = this.generation;
    const synonyms = synonymsOf(await listSynonyms(this.db));
    if (generation === this.generation) {
      this.synonyms = synonyms;
      this.readAt = performance.now();
    }
    return synonyms;
  }
}

/** Every synonym, by term. */
export function listSynonyms(db: DbOrTx): Promise<SearchSynonym[]> {
  return db
    .select({ term: searchSynonyms.term, expansion: searchSynonyms.expansion })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term));
}

/** Adds a term or changes its expansion, audited; answers the row as saved. */
export function saveSynonym(db: Db, row: SearchSynonym, admin: Actor): Promise<SearchSynonym> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ term: searchSynonyms.term, expansion: searchSynonyms.expansion })
      .from(searchSynonyms)
      .where(eq(searchSynonyms.term, row.term))
      .for('update');
    const [saved] = await tx
      .insert(searchSynonyms)
      .values(row)
      .onConflictDoUpdate({
        target: searchSynonyms.term,
        set: { expansion: row.expansion },
      })
      .returning({ term: searchSynonyms.term, expansion: searchSynonyms.expansion });
    await recordAudit(tx, admin, {
      action: 'synonym.save',
      targetId: saved!.term,
      summary: before
        ? `Changed the search word "${saved!.term}" to find "${saved!.expansion}"`
        : `Added the search word "${saved!.term}", finding "${saved!.expansion}"`,
      ...(before ? { before } : {}),
      after: saved,
    });
    return saved!;
  });
}

/** Deletes a term, audited; a 404 when there is none. */
export function deleteSynonym(db: Db, term: string, admin: Actor): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(searchSynonyms)
      .where(eq(searchSynonyms.term, term))
      .returning({ term: searchSynonyms.term, expansion: searchSynonyms.expansion });
    if (!gone) throw notFound('There is no such search word.');
    await recordAudit(tx, admin, {
      action: 'synonym.delete',
      targetId: gone.term,
      summary: `Deleted the search word "${gone.term}"`,
      before: gone,
    });
  });
}
