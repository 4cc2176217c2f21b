import {
  AddPartBody,
  ATTRIBUTE_COLUMN_PREFIX,
  attributesSchema,
  CATALOGUE_CSV_COLUMNS,
  isGeneratedSku,
  PartSku,
  toCents,
  WeightGramsField,
  type Attributes,
  type CatalogueCsvColumn,
  type Category,
  type CsvProblem,
} from '@partsmith/contract';
import { breaksInCents } from '@partsmith/contract/pricing';
import { lineCounter } from '../../lib/csv-line-counter.ts';
import { attributeKeys, unescapeFormula } from './csv.ts';
import { csvRecords } from './csv-records.ts';
import { EDITABLE_FIELDS, type EditableField, type ImportedPart } from './csv-statements.ts';
import { lowStockMarkAfter } from './stock.ts';

// The catalogue import's checks (csv.ts): each line of the file read into the part it makes, or
// what is wrong with it.

const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;
const BREAKS_FORM =
  'Write each volume price as quantity@unit price in dollars, ";" between them: 10@8.50;50@7.90';
/** A piece of a cell as a message quotes it: text pasted in the wrong column can be long. */
const quoted = (text: string) => `"${text.length > 24 ? `${text.slice(0, 24)}…` : text}"`;

/**
 * A volume prices' cell as the breaks the contract checks (PriceBreakInput's rules then name
 * each break's problems), or what is wrong with its form. Spaces around the numbers and a last
 * `;` are let through.
 */
function readBreaks(
  text: string,
): { breaks: { minQuantity: string; price: string }[] } | { error: string } {
  const pieces = text.split(';').map((piece) => piece.trim());
  if (pieces.length > 1 && pieces.at(-1) === '') pieces.pop();
  const breaks = [];
  for (const [i, piece] of pieces.entries()) {
    const [minQuantity = '', price = '', ...more] = piece.split('@').map((n) => n.trim());
    if (more.length > 0 || !NUMBER.test(minQuantity) || !NUMBER.test(price))
      return { error: `Break ${i + 1} (${quoted(piece)}) is not quantity@price. ${BREAKS_FORM}` };
    breaks.push({ minQuantity, price });
  }
  return { breaks };
}

/** A checked line of an import: the part it makes, and where it came from. */
export interface ImportRow {
  line: number;
  /**
   * The part number the line gives, trimmed ('' for none): the part the line updates when one has
   * it. `part.sku` is the number a new part gets: empty (one is made) for a number of the form
   * the shop makes, which names a part of the shop the file came from.
   */
  sku: string;
  /** The part id the line gives (the export writes it), in lower case. */
  id?: string;
  part: ImportedPart;
}

export interface ReadCsv {
  rows: ImportRow[];
  /** Every problem found, in file order (the answer lists the first ones). */
  problems: CsvProblem[];
  /** The part's fields the file has columns for: an update leaves the others as they are. */
  fields: EditableField[];
}

/** Which column holds what: the part's fields, and the attributes by key. */
interface Columns {
  part: Partial<Record<CatalogueCsvColumn, number>>;
  attributes: [key: string, index: number][];
}

const PART_COLUMNS: ReadonlySet<string> = new Set(CATALOGUE_CSV_COLUMNS);
/**
 * Columns a file may leave out (a file older than one has none of it): a new part gets the
 * field's default, and an update leaves it as it is.
 */
const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set([
  'lowStockThreshold',
  'category',
  'priceBreaks',
  'sku',
  'leadTimeDays',
  'weightGrams',
  'listed',
  'id',
]);

function readHeader(
  header: string[],
  keys: ReadonlySet<string>,
): { columns: Columns; problems: CsvProblem[] } {
  const columns: Columns = { part: {}, attributes: [] };
  const problems: CsvProblem[] = [];
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    const problem = (message: string) => problems.push({ line: 1, column: name, message });
    if (seen.has(name)) return problem(`The column "${name}" appears twice`);
    seen.add(name);
    if (PART_COLUMNS.has(name)) columns.part[name as CatalogueCsvColumn] = index;
    else if (name.startsWith(ATTRIBUTE_COLUMN_PREFIX)) {
      const key = name.slice(ATTRIBUTE_COLUMN_PREFIX.length);
      if (!keys.has(key)) return problem(`"${key}" is not an attribute of any category`);
      columns.attributes.push([key, index]);
    } else problem(`Unknown column "${name}"`);
  });
  for (const name of CATALOGUE_CSV_COLUMNS)
    if (columns.part[name] === undefined && !OPTIONAL_COLUMNS.has(name))
      problems.push({ line: 1, message: `The column "${name}" is missing` });
  return { columns, problems };
}

/** The part's fields a file with these columns gives (the category brings the attributes). */
function fieldsOf(columns: Columns): EditableField[] {
  const has = (name: CatalogueCsvColumn) => columns.part[name] !== undefined;
  return EDITABLE_FIELDS.filter((field) =>
    field === 'priceCents' ? has('price') : has(field === 'attributes' ? 'category' : field),
  );
}

/** A column's zod path as the file names it: `price`, `attr.speed`. */
const columnOf = (path: readonly PropertyKey[]) => String(path[0] ?? '') || undefined;

const PLAIN_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
/** Thousands in groups of three (1,250.00): never a decimal comma, which has one or two digits. */
const GROUPED_NUMBER = /^[+-]?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?$/;

/**
 * A number cell as the export writes it (9.00, 40), or as a spreadsheet may save it again
 * (thousands separated by commas, a price's dollar sign): the plain number, or undefined.
 */
function readNumber(text: string, money = false): string | undefined {
  let plain = text.trim();
  if (money) plain = plain.replace(/^([+-]?)\$\s*/, '$1');
  if (PLAIN_NUMBER.test(plain)) return plain;
  if (GROUPED_NUMBER.test(plain)) return plain.replaceAll(',', '');
  return undefined;
}

/** What a number cell that is not one should be, by column. */
const NUMBER_COLUMNS = {
  price: 'The price must be a number of dollars, such as 9.00',
  availableQuantity: 'Available quantity must be a whole number, such as 40',
  minOrderQuantity: 'Minimum quantity must be a whole number, such as 1',
  lowStockThreshold: 'The low-stock alert must be a whole number (empty: twice the minimum order)',
  leadTimeDays: 'The lead time must be a number of days (empty: not known)',
  weightGrams: 'The weight must be a number of grams, such as 250 (empty: 0)',
} as const;

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

/** A yes/no cell: yes, no, true, false, 1 or 0, in any case; undefined for anything else. */
function readYesNo(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads an import: the header (known columns only, each once), then every line checked with the
 * contract's rules, AddPartBody for the part and its category's `attributesSchema` for the
 * attributes, as POST /api/addParts checks them. Whether an `/uploads/` image exists, and which
 * part a number names, are the caller's to check (they need the image store and the database).
 */
export function readCatalogueCsv(text: string, categories: readonly Category[]): ReadCsv {
  const bytes = Buffer.from(text, 'utf8');
  const lineAt = lineCounter(bytes);
  const parsed = csvRecords(bytes);
  const fail = (problem: CsvProblem): ReadCsv => ({ rows: [], problems: [problem], fields: [] });
  if (parsed.error)
    return fail({ line: lineAt(parsed.error.offset), message: parsed.error.message });
  const [header, ...body] = parsed.lines;
  if (!header) return fail({ line: 1, message: 'The file is empty: it needs a header' });
  const keys = new Set(attributeKeys(categories));
  const { columns, problems } = readHeader(header.fields, keys);
  if (problems.length > 0) return { rows: [], problems, fields: [] };
  if (body.length === 0)
    return fail({ line: 2, message: 'The file has no parts below its header' });

  const byCategory = new Map(categories.map((c) => [c.slug, c]));
  const schemas = new Map(categories.map((c) => [c.slug, attributesSchema(c)]));
  const rows: ImportRow[] = [];
  /** Each part number and id given so far (numbers in upper case: unique in any case), by line. */
  const lineOfSku = new Map<string, number>();
  const lineOfId = new Map<string, number>();
  for (const { fields, start } of body) {
    const line = lineAt(start);
    const before = problems.length;
    /** The columns named already: the contract's own message about them would say less. */
    const named = new Set<string>();
    const problem = (message: string, column?: string) => {
      if (column) named.add(column);
      problems.push(column ? { line, column, message } : { line, message });
    };
    if (fields.length !== header.fields.length) {
      problem(`This line has ${fields.length} fields; the header has ${header.fields.length}`);
      continue;
    }
    // An empty field is a missing value (coercing it would make 0 of a quantity).
    const cell = (index: number | undefined) => {
      const value = index === undefined ? '' : unescapeFormula(fields[index]!);
      return value === '' ? undefined : value;
    };
    const values: Partial<Record<CatalogueCsvColumn, unknown>> = Object.fromEntries(
      Object.entries(columns.part).map(([name, index]) => [name, cell(index)]),
    );
    for (const [name, message] of Object.entries(NUMBER_COLUMNS)) {
      const column = name as keyof typeof NUMBER_COLUMNS;
      const value = values[column];
      if (typeof value !== 'string') continue;
      const number = readNumber(value, column === 'price');
      if (number === undefined) problem(message, column);
      else values[column] = number;
    }
    const breaksCell = values.priceBreaks as string | undefined;
    const breaks = breaksCell === undefined ? undefined : readBreaks(breaksCell);
    // A malformed cell is named after the contract's problems; the rest of the line is checked.
    const checked = AddPartBody.safeParse({
      ...values,
      priceBreaks: breaks && 'breaks' in breaks ? breaks.breaks : undefined,
      // Checked below: a number of the shop's own form is a part to find, not a mistake.
      sku: undefined,
    });
    const issues = (checked.error?.issues ?? []).filter(
      (issue) => !named.has(columnOf(issue.path) ?? ''),
    );
    for (const issue of issues) problem(issue.message, columnOf(issue.path));
    if (breaks && 'error' in breaks) problem(breaks.error, 'priceBreaks');

    let weightGrams = 0;
    if (typeof values.weightGrams === 'string' && !named.has('weightGrams')) {
      const weight = WeightGramsField.safeParse(values.weightGrams);
      if (weight.success) weightGrams = weight.data;
      else problem(weight.error.issues[0]!.message, 'weightGrams');
    }
    let listed = true;
    if (typeof values.listed === 'string') {
      const yes = readYesNo(values.listed);
      if (yes === undefined) problem(`Listed is yes or no, not ${quoted(values.listed)}`, 'listed');
      else listed = yes;
    }

    const sku = typeof values.sku === 'string' ? values.sku.trim() : '';
    const generated = isGeneratedSku(sku);
    if (sku !== '' && !generated) {
      const valid = PartSku.safeParse(sku);
      if (!valid.success) problem(valid.error.issues[0]!.message, 'sku');
    }
    if (sku !== '' && !named.has('sku')) {
      const twin = lineOfSku.get(sku.toUpperCase());
      if (twin) problem(`Line ${twin} has the same part number`, 'sku');
      else lineOfSku.set(sku.toUpperCase(), line);
    }
    const idCell = typeof values.id === 'string' ? values.id.trim() : '';
    const id = idCell === '' ? undefined : idCell.toLowerCase();
    if (id !== undefined && !UUID.test(id))
      problem('Not a part id (the export writes them): empty the cell for a new part', 'id');
    else if (id !== undefined) {
      const twin = lineOfId.get(id);
      if (twin) problem(`Line ${twin} has the same id`, 'id');
      else lineOfId.set(id, line);
    }

    const given: Record<string, string | boolean> = {};
    for (const [key, index] of columns.attributes) {
      const value = cell(index);
      if (value !== undefined) given[key] = value;
    }
    const slug = values.category as string | undefined;
    let attributes: Attributes = {};
    if (slug === undefined) {
      for (const key of Object.keys(given))
        problem('Choose a category before its attributes.', ATTRIBUTE_COLUMN_PREFIX + key);
    } else if (!schemas.has(slug)) {
      // A slug that is not even well formed was named above.
      if (!issues.some((issue) => issue.path[0] === 'category'))
        problem(`There is no category "${slug}"`, 'category');
    } else {
      // Yes/no attributes take what the part's `listed` takes.
      for (const def of byCategory.get(slug)!.attributes) {
        const value = given[def.key];
        if (def.type !== 'boolean' || typeof value !== 'string') continue;
        const yes = readYesNo(value);
        if (yes === undefined)
          problem(
            `${def.label} is yes or no, not ${quoted(value)}`,
            ATTRIBUTE_COLUMN_PREFIX + def.key,
          );
        else given[def.key] = yes;
      }
      const spec = schemas.get(slug)!.safeParse(given);
      if (spec.success) attributes = spec.data;
      else
        for (const issue of spec.error.issues) {
          const column = ATTRIBUTE_COLUMN_PREFIX + columnOf(issue.path);
          if (!named.has(column)) problem(issue.message, column);
        }
    }

    if (!checked.success || problems.length > before) continue;
    const p = checked.data;
    const lowStockThreshold = p.lowStockThreshold ?? null;
    rows.push({
      line,
      sku,
      ...(id === undefined ? {} : { id }),
      part: {
        name: p.name,
        description: p.description,
        image: p.image,
        priceCents: toCents(p.price),
        availableQuantity: p.availableQuantity,
        minOrderQuantity: p.minOrderQuantity,
        lowStockThreshold,
        // A new part's; an update's is worked out from the part it changes.
        lowStockAlertedAt: lowStockMarkAfter(
          { lowStockAlertedAt: null },
          { ...p, lowStockThreshold },
        ),
        leadTimeDays: p.leadTimeDays ?? null,
        weightGrams,
        listed,
        category: slug ?? null,
        attributes,
        priceBreaks: breaksInCents(p.priceBreaks),
        // Empty: the insert trigger makes one.
        sku: generated ? '' : sku,
      },
    });
  }
  return { rows, problems, fields: fieldsOf(columns) };
}
