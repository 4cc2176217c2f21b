import { CsvError, parse } from 'csv-parse/sync';

// The catalogue import's reading of CSV text (csv-checks.ts checks what it reads): its records, each
// with where it starts, and the line numbers a person sees in an editor.

const PARSE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed: a " is missing',
  CSV_INVALID_CLOSING_QUOTE: 'A quote inside a quoted field must be doubled ("")',
  CSV_INVALID_OPENING_QUOTE: 'A field with a quote in it must be quoted, its quotes doubled',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'Only a comma may follow a closing quote',
};

interface Line {
  fields: string[];
  /** Byte offset where the record starts. */
  start: number;
}

/** The records of the text with where each starts, or the line csv-parse stopped at. */
export function csvRecords(
  bytes: Uint8Array,
): { lines: Line[]; error?: undefined } | { error: { offset: number; message: string } } {
  const starts: number[] = [];
  let end = 0;
  try {
    const fields = parse(bytes, {
      bom: true,
      // Any line ending, mixed in one file (a file pasted together from two editors): csv-parse
      // otherwise takes the first line's for the whole file.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record, context) => {
        starts.push(end);
        end = context.bytes;
        return record;
      },
    });
    return { lines: fields.map((f, i) => ({ fields: f, start: starts[i]! })) };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const message = PARSE_MESSAGES[error.code] ?? 'This line is not valid CSV';
    return { error: { offset: end, message } };
  }
}
