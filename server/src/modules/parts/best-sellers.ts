import type { DbOrTx } from '../../db/client.ts';
import { bestSellingPartIds } from '../orders/sales.ts';

/**
 * The search's `sort=best-selling` (issue 48): the parts ranked by what they sold, read from the
 * orders module's sales figures (orders/sales.ts) and kept a minute. The ranking goes into the
 * search's one statement as a list of ids, so the search reads the catalogue's tables only and
 * its cost does not grow with the orders; the orders are summed once a minute per instance
 * whatever the traffic. An order paid now moves its parts up within FRESH_MS.
 */

/** The sales of this many days count first; older ones only order the parts after them. */
export const BEST_SELLERS_DAYS = 90;
/** At most this many parts are ranked; any other part sorts as never sold (catalogue order). */
export const BEST_SELLERS_MAX = 1000;
/** How long an instance sorts with the ranking it read before reading it again. */
const FRESH_MS = 60_000;
const DAY_MS = 86_400_000;

export class BestSellers {
  private ids: readonly string[] | null = null;
  private readAt = 0;
  private reading: Promise<readonly string[]> | null = null;

  constructor(
    private readonly db: DbOrTx,
    private readonly freshMs = FRESH_MS,
  ) {}

  /** The ranked part ids, most sold first. */
  async get(): Promise<readonly string[]> {
    if (this.ids && performance.now() - this.readAt < this.freshMs) return this.ids;
    // One read at a time; the searches meanwhile wait for it.
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<readonly string[]> {
    const since = new Date(Date.now() - BEST_SELLERS_DAYS * DAY_MS);
    const ids = await bestSellingPartIds(this.db, since, BEST_SELLERS_MAX);
    this.ids = ids;
    this.readAt = performance.now();
    return ids;
  }
}
