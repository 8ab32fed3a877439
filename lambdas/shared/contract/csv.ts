/**
 * RFC 4180 CSV reading, shared by the server (uploads) and the web app (checking a file
 * before it is sent). Quoted cells may hold commas, quotes (doubled) and line breaks;
 * lines end in CRLF or LF; a leading byte order mark is ignored.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
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
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (e.g. the end of the file) carry no record.
  return rows.filter((cells) => cells.length > 1 || cells[0] !== '');
}

/**
 * Where a CSV document goes wrong: its record, counted as a spreadsheet counts lines (the
 * header is line 1, blank lines are skipped), and the column there when it has a name.
 */
export interface CsvPlace {
  line: number;
  column?: string;
}

/** A CSV document read against its header line: its rows, or why it cannot be read. */
export type CsvTable =
  | { status: 'notUtf8'; place: CsvPlace }
  | { status: 'duplicateColumn'; column: string }
  | {
      status: 'read';
      /** The header line's cells as written, and trimmed: the column names. */
      header: string[];
      columns: string[];
      /** Required columns the header lacks. */
      missing: string[];
      /** The lines after the header, cells as written. */
      rows: string[][];
      /** One per row, keyed by column name; a cell the row lacks is `''`. */
      records: Record<string, string>[];
      /** Rows with more cells than the header names columns (the extra ones would be lost). */
      overlong: { line: number; cells: number }[];
    };

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
  const [header = [], ...rows] = parseCsv(decoded.text);
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
  const overlong = rows.flatMap((cells, index) =>
    cells.slice(columns.length).some((cell) => cell.trim() !== '')
      ? [{ line: index + 2, cells: cells.length }]
      : [],
  );
  return { status: 'read', header, columns, missing, rows, records, overlong };
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
  const records = parseCsv(`${before}x`);
  const line = records.length;
  if (line <= 1) return { line: 1 };
  const header = parseCsv(whole)[0] ?? [];
  const column = header[records.at(-1)!.length - 1]?.trim();
  return column ? { line, column } : { line };
}
