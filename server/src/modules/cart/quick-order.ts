import {
  QUICK_ORDER_EMPTY,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_TOO_MANY_LINES,
  type QuickOrderAdded,
  type QuickOrderAnswer,
  type QuickOrderProblem,
} from '@partsmith/contract';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { partsBySkus } from '../parts/repository.ts';
import { csvLines, textLines, type ListLine, type ReadList } from './quick-order-lines.ts';
import type { CartOwner, CartService } from './service.ts';

// Quick order (issue 49): a business buyer's list of part numbers and quantities into the cart.
// Every line that can be added is (not all or nothing); the others come back with their line
// number and why, in words for the buyer.

/** The shop's part numbers (the check on parts.sku): letters and digits in groups joined by "-". */
const SKU = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
const SKU_MAX = 40;
/** QuantityField's ceiling (the cart's own PUT). */
const QUANTITY_MAX = 1_000_000;

// A first line naming its columns is a header (a spreadsheet's export): these are its words.
const SKU_HEADER = /^(sku|part|part ?(number|no\.?|#)|item|item ?(number|no\.?|#)|product code)$/i;
const QUANTITY_HEADER = /^(qty|quantity|amount|count|units|pieces|pcs)$/i;

const EXAMPLE = 'PS-MEM-000012, 4';
const UNKNOWN = 'We have no part with this number.';
const UNREADABLE = `This line cannot be read: write the part number, then the quantity (${EXAMPLE}).`;

/**
 * Where a line's part number and quantity are: the header's columns, else the first two. A line
 * has no more columns than the header names (`width`; two without one).
 */
interface Columns {
  header: boolean;
  width: number;
  sku: number;
  quantity: number;
}

function columnsOf(first: ListLine | undefined): Columns {
  const fields = first?.fields ?? [];
  const sku = fields.findIndex((f) => SKU_HEADER.test(f));
  const quantity = fields.findIndex((f) => QUANTITY_HEADER.test(f));
  if ((sku < 0 && quantity < 0) || fields.some((f) => /^\d+$/.test(f)))
    return { header: false, width: 2, sku: 0, quantity: 1 };
  const skuAt = sku >= 0 ? sku : quantity === 0 ? 1 : 0;
  return {
    header: true,
    width: Math.max(2, fields.length),
    sku: skuAt,
    quantity: quantity >= 0 ? quantity : skuAt === 0 ? 1 : 0,
  };
}

/** A line that names a part and a quantity, read; whether the part exists is not known yet. */
interface Wanted {
  line: number;
  sku: string;
  quantity: number;
}

/** What a line asks for, or why it cannot be read. */
function readLine({ line, fields }: ListLine, columns: Columns): Wanted | QuickOrderProblem {
  const sku = fields[columns.sku] ?? '';
  const raw = fields[columns.quantity] ?? '';
  // A field beyond the columns is a guess this shop does not make (a price? a note?); a header
  // that names more columns (a note) lets them be.
  if (fields.slice(columns.width).some((f) => f !== '')) return { line, sku, reason: UNREADABLE };
  if (sku === '') return { line, sku, reason: UNREADABLE };
  if (raw === '')
    return {
      line,
      sku,
      reason: `The quantity is missing: write it after the part number (${EXAMPLE}).`,
    };
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    return { line, sku, reason: 'The quantity must be a whole number, 1 or more.' };
  if (Number(raw) > QUANTITY_MAX)
    return {
      line,
      sku,
      reason: `The quantity must be at most ${QUANTITY_MAX.toLocaleString('en-US')}.`,
    };
  if (!SKU.test(sku) || sku.length > SKU_MAX) return { line, sku, reason: UNKNOWN };
  return { line, sku, quantity: Number(raw) };
}

/** "2", "2 and 7", "2, 5 and 7". */
const lineList = (lines: number[]) =>
  lines.length === 1
    ? String(lines[0])
    : `${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;

type PartRow = Awaited<ReturnType<typeof partsBySkus>>[number];

/** One part the list names, on one or more lines (in any case): their quantities add up. */
interface Named {
  lines: Wanted[];
  quantity: number;
}

/**
 * The quick order of `owner`'s cart (a visitor's made when something is added): `list` read as
 * typed text or as a CSV file. Answers what was added and the lines that were not, each by
 * line, and the visitor's cart it changed (for the cookie). 422 for a list with no part line,
 * or with more than QUICK_ORDER_MAX_LINES.
 */
export async function quickOrder(
  db: Db,
  cart: CartService,
  owner: CartOwner | null,
  list: { text: string; csv: boolean },
): Promise<{ answer: QuickOrderAnswer; visitorCartId: string | null }> {
  const read: ReadList = list.csv ? csvLines(list.text) : textLines(list.text);
  const columns = columnsOf(read.lines[0]);
  const lines = columns.header ? read.lines.slice(1) : read.lines;
  if (lines.length === 0 && !read.stopped) throw new HttpError(422, QUICK_ORDER_EMPTY);
  if (lines.length > QUICK_ORDER_MAX_LINES) throw new HttpError(422, QUICK_ORDER_TOO_MANY_LINES);

  const problems: QuickOrderProblem[] = read.stopped
    ? [{ line: read.stopped.line, sku: '', reason: read.stopped.reason }]
    : [];
  const named = new Map<string, Named>();
  for (const line of lines) {
    const wanted = readLine(line, columns);
    if ('reason' in wanted) {
      problems.push(wanted);
      continue;
    }
    const key = wanted.sku.toUpperCase();
    const part = named.get(key) ?? { lines: [], quantity: 0 };
    part.lines.push(wanted);
    part.quantity += wanted.quantity;
    named.set(key, part);
  }

  // A deleted part keeps its number (an order line names it) but is no longer sold: unknown. An
  // unlisted one is still sold by its page, so by its number too.
  const found = new Map(
    (await partsBySkus(db, [...named.keys()]))
      .filter((p) => !p.deletedAt)
      .map((p) => [p.sku.toUpperCase(), p]),
  );
  const additions: { part: PartRow; named: Named }[] = [];
  for (const [key, entry] of named) {
    const part = found.get(key);
    if (part) additions.push({ part, named: entry });
    else problems.push(...entry.lines.map(({ line, sku }) => ({ line, sku, reason: UNKNOWN })));
  }

  const { refused, visitorCartId } =
    additions.length > 0
      ? await cart.addLines(
          owner,
          additions.map(({ part, named }) => ({ part, quantity: named.quantity })),
        )
      : { refused: [], visitorCartId: null };
  const added: QuickOrderAdded[] = [];
  additions.forEach(({ part, named }, i) => {
    const reason = refused[i];
    if (!reason) {
      const first = named.lines[0]!;
      added.push({
        line: first.line,
        sku: part.sku,
        partId: part.id,
        name: part.name,
        quantity: named.quantity,
      });
      return;
    }
    // Lines of one part are added together or not at all: each says so.
    const together =
      named.lines.length > 1
        ? ` Lines ${lineList(named.lines.map((l) => l.line))} ask for ${named.quantity} together.`
        : '';
    problems.push(
      ...named.lines.map(({ line, sku }) => ({ line, sku, reason: reason + together })),
    );
  });

  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  return { answer: { added: added.sort(byLine), problems: problems.sort(byLine) }, visitorCartId };
}
