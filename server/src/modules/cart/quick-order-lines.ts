import { CsvError, parse } from 'csv-parse/sync';
import { lineCounter } from '../../lib/csv-line-counter.ts';

// The quick order's reading of a list (issue 49): typed or pasted text, or a CSV file, to the
// lines it names, each with the line number a person sees in an editor. What the lines mean
// (the parts, the quantities) is quick-order.ts's.

/** A line of the list with something on it: its number (from 1) and its fields, trimmed. */
export interface ListLine {
  line: number;
  fields: string[];
}

/** A list read: its lines, and where reading stopped when a CSV file could not be read to the end. */
export interface ReadList {
  lines: ListLine[];
  stopped?: { line: number; reason: string };
}

/** Pasted from a spreadsheet, a field may come quoted; the quotes are not part of it. */
const unquoted = (field: string) => {
  const trimmed = field.trim();
  return /^"[^"]*"$/.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed;
};

/**
 * Typed or pasted text: one part per line, its fields separated by commas, semicolons or tabs,
 * else by spaces. Any line endings; blank lines are skipped (their numbers still count).
 */
export function textLines(text: string): ReadList {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .flatMap((raw, i) => {
      const trimmed = raw.trim();
      if (!trimmed) return [];
      const fields = /[,;\t]/.test(trimmed) ? trimmed.split(/[,;\t]/) : trimmed.split(/\s+/);
      return [{ line: i + 1, fields: fields.map(unquoted) }];
    });
  return { lines };
}

const PARSE_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted field must be doubled ("")',
  CSV_INVALID_OPENING_QUOTE: 'a field with a quote in it must be quoted, its quotes doubled',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'only a separator may follow a closing quote',
};

/**
 * A CSV file (the spreadsheet's export): fields separated by commas, semicolons (as spreadsheets
 * set to a decimal comma write) or tabs, quoted as CSV quotes them; any line endings, mixed in
 * one file, and a UTF-8 byte-order mark. Lines of empty fields are skipped. A file that cannot
 * be read to the end gives the lines before the place it stopped, and why.
 */
export function csvLines(text: string): ReadList {
  const bytes = Buffer.from(text, 'utf8');
  const lineAt = lineCounter(bytes);
  const lines: ListLine[] = [];
  let end = 0;
  try {
    parse(bytes, {
      bom: true,
      delimiter: [',', ';', '\t'],
      // Any line ending, mixed in one file (a list pasted together from two editors): csv-parse
      // otherwise takes the first line's for the whole file.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record: string[], context) => {
        const line = lineAt(end);
        end = context.bytes;
        if (record.some((field) => field !== '')) lines.push({ line, fields: record });
        return null;
      },
    });
    return { lines };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const why = PARSE_REASONS[error.code] ?? 'it is not valid CSV';
    return {
      lines,
      stopped: { line: lineAt(end), reason: `The file cannot be read from this line on: ${why}.` },
    };
  }
}
