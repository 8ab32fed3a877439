import type { MessageRef } from './validation';

/**
 * RFC 4180 CSV reading, shared by the server (uploads) and the web app (checking a file
 * before it is sent). Quoted cells may hold commas, quotes (doubled) and line breaks;
 * lines end in CRLF or LF; a leading byte order mark is ignored.
 */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).map((record) => record.cells);
}

/**
 * {@link parseCsv}'s records with the line each starts on, as a spreadsheet numbers its
 * rows: blank lines count (a spreadsheet shows them as empty rows) and a record whose
 * quoted cell holds line breaks is one row.
 */
export function parseCsvLines(text: string): { cells: string[]; line: number }[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { cells: string[]; line: number }[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const end = () => {
    row.push(cell);
    records.push({ cells: row, line: records.length + 1 });
    row = [];
    cell = '';
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (source[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      end();
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) end();
  // Blank lines (e.g. the end of the file) carry no record; they keep their number.
  return records.filter(({ cells }) => cells.length > 1 || cells[0] !== '');
}

/**
 * Where a CSV document goes wrong: the row of its record as a spreadsheet numbers rows (the
 * first line is 1, blank lines count), and the column there when it has a name.
 */
export interface CsvPlace {
  line: number;
  column?: string;
}

/** A CSV document read against its header line: its rows, or why it cannot be read. */
export type CsvTable =
  | { status: 'notUtf8'; place: CsvPlace }
  | { status: 'duplicateColumn'; column: string }
  | { status: 'tooManyColumns'; columns: number; max: number }
  | {
      status: 'read';
      /** The header line's cells as written, and trimmed: the column names. */
      header: string[];
      columns: string[];
      /** Required columns the header lacks. */
      missing: string[];
      /** The lines after the header, cells as written. */
      rows: string[][];
      /** The spreadsheet row each of `rows` is on. */
      rowLines: number[];
      /** One per row, keyed by column name; a cell the row lacks is `''`. */
      records: Record<string, string>[];
      /** Rows with more cells than the header names columns (the extra ones would be lost). */
      overlong: { line: number; cells: number }[];
    };

/**
 * Most columns a header may name (empty trailing ones included): the widest file, the
 * products export with both languages' texts, has about 40.
 */
export const maxCsvColumns = 200;

/** U+FFFD, what a decoder puts where bytes were not UTF-8. */
const replacement = '\uFFFD';

/**
 * The one reader of CSV uploads, shared by the server and the web app's check before
 * sending. Bytes are decoded as UTF-8 and nothing else: a byte sequence that is not
 * UTF-8 (a file saved as Windows-1252 or Big5) refuses the document, naming where,
 * instead of turning into replacement characters. A replacement character (U+FFFD) in
 * the text counts as such bytes: it is what an earlier decoder (a gateway, a browser's
 * `File.text()`) left of them. A leading byte order mark is ignored. A column named
 * twice in the header, and rows with more filled cells than the header has names, are
 * reported rather than one cell silently winning or being dropped (empty trailing
 * columns and cells, as spreadsheets write them, are fine).
 */
export function readCsv(input: Uint8Array | string, required: readonly string[]): CsvTable {
  const decoded = decodeUtf8(input);
  if ('notUtf8' in decoded) return { status: 'notUtf8', place: decoded.notUtf8 };
  const [first, ...lines] = parseCsvLines(decoded.text);
  const header = first?.cells ?? [];
  // Each row is read against every column: a header of thousands of (empty) columns would
  // make a few megabytes cost billions of steps.
  if (header.length > maxCsvColumns) {
    return { status: 'tooManyColumns', columns: header.length, max: maxCsvColumns };
  }
  const rows = lines.map((record) => record.cells);
  const columns = header.map((name) => name.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    // Unnamed columns (a spreadsheet's trailing empty ones) are nobody's: never a twin.
    if (column !== '' && seen.has(column)) return { status: 'duplicateColumn', column };
    seen.add(column);
  }
  const missing = required.filter((name) => !seen.has(name));
  const records = rows.map((cells) => {
    // A Map first: a column named `__proto__` must stay a column.
    const record = new Map<string, string>();
    columns.forEach((name, index) => record.set(name, cells[index] ?? ''));
    return Object.fromEntries(record);
  });
  // Extra cells that hold nothing (a spreadsheet's trailing separators) lose nothing.
  const overlong = lines.flatMap(({ cells, line }) =>
    cells.slice(columns.length).some((cell) => cell.trim() !== '')
      ? [{ line, cells: cells.length }]
      : [],
  );
  const rowLines = lines.map((record) => record.line);
  return { status: 'read', header, columns, missing, rows, rowLines, records, overlong };
}

/** The text of UTF-8 bytes (or of a string already decoded), or where it is not UTF-8. */
function decodeUtf8(input: Uint8Array | string): { text: string } | { notUtf8: CsvPlace } {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      // Refused: decoded again only to say where. The lenient decoder puts U+FFFD in place
      // of each bad sequence, so the first one is at (or, for a U+FFFD the file held,
      // before) the first bad byte.
      text = new TextDecoder('utf-8').decode(input);
    }
  }
  const index = text.indexOf(replacement);
  return index < 0 ? { text } : { notUtf8: placeAt(text.slice(0, index), text) };
}

/** The record and column of the character that follows `before` in `whole`. */
function placeAt(before: string, whole: string): CsvPlace {
  // A character after `before` makes the record it starts (or continues) count.
  const records = parseCsvLines(`${before}x`);
  const last = records.at(-1);
  if (!last || records.length <= 1) return { line: last?.line ?? 1 };
  const header = parseCsv(whole)[0] ?? [];
  const column = header[last.cells.length - 1]?.trim();
  return column ? { line: last.line, column } : { line: last.line };
}

/**
 * A cell as the exports wrote it, back to its value: an export puts `'` before text a
 * spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, carriage return; web
 * lib/csv.ts `csvCell`), so an exported file imported again must drop it. Only that
 * quote goes: `'tis` stays as it is.
 */
export function unguardedCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** One bad cell (or row, field `_`) of an uploaded CSV file, at its spreadsheet line. */
export interface CsvRowProblem {
  line: number;
  field: string;
  message: MessageRef;
}

/**
 * The most problems one refusal lists; it also says how many there are in all
 * (`params.problems`), so a file of 5,000 bad rows is answered in one short page.
 */
export const maxListedProblems = 1_000;

/** `row <line>.<field>`: how the API names a bad cell of a CSV file it was sent. */
export const rowProblemField = (line: number, field: string) => `row ${line}.${field}`;

const rowProblemPattern = /^row (\d+)\.(.+)$/;

/** The line and field a `row <line>.<field>` name points to; undefined for another name. */
export function readRowProblemField(name: string): { line: number; field: string } | undefined {
  const match = rowProblemPattern.exec(name);
  return match ? { line: Number(match[1]), field: match[2]! } : undefined;
}

/**
 * Problems in the order a person reads the file: by line, then by the order of the columns
 * (`columns`, the file's header); a row's own problems (`_`) first.
 */
export function sortedProblems<T extends Pick<CsvRowProblem, 'line' | 'field'>>(
  problems: readonly T[],
  columns: readonly string[] = [],
): T[] {
  const place = (field: string) => (field === '_' ? -1 : columns.indexOf(field));
  return [...problems].sort((a, b) => a.line - b.line || place(a.field) - place(b.field));
}
