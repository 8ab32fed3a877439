/** A cell of a CSV file: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | boolean | null | undefined;

/** A column of an export: its header and how to read a record's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (record: T) => CsvValue;
}

/** Byte order mark: without it Excel reads UTF-8 files in the system's code page. */
export const csvBom = '\uFEFF';

/** Line ending of RFC 4180 (and the one Excel expects). */
const lineEnd = '\r\n';

/**
 * Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, and the tab and
 * carriage return OWASP lists too). Such cells get a leading `'`, so opening an
 * export never runs something a visitor typed into a product name.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** Characters that make a cell need quotes. */
const needsQuotes = /[",\r\n]|^\s|\s$/;

/**
 * One cell, ready to join with commas: text is guarded against formula injection and
 * quoted when needed (quotes doubled); numbers are written as they are, since a
 * number cannot carry a formula and `-29` must stay a number in the spreadsheet.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: BOM, header line, one line per row, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return csvBom + lines.map((line) => line + lineEnd).join('');
}

/** A CSV document of records, one column per entry of `columns`. */
export function recordsToCsv<T>(columns: readonly CsvColumn<T>[], records: readonly T[]): string {
  return toCsv(
    columns.map((column) => column.header),
    records.map((record) => columns.map((column) => column.value(record))),
  );
}

/** `<base>-YYYY-MM-DD.csv`, with the local calendar date (what the user calls "today"). */
export function csvFileName(base: string, date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${base}-${day}.csv`;
}

/** Hands a CSV document to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
