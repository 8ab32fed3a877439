import type { ZodType } from 'zod';
import { readCsv, unguardedCell, type CsvRowProblem } from './csv';
import { readDecimal } from './numbers';
import { validate, type MessageRef } from './validation';

/** How a kind of record is read from a CSV file (a catalogue import). */
export interface CsvRecordRules<T> {
  /** Columns the first line must name. */
  required: readonly string[];
  /**
   * The columns a first line without the required ones is told about (the file's columns,
   * optional ones included, for a template).
   * @default required
   */
  named?: readonly string[];
  /**
   * Columns the export writes and an import ignores (ids, versions, times, counts): what the
   * server records itself. Any other column the schema does not know is refused, by name.
   */
  ignored: readonly string[];
  /** Columns whose cells are numbers when they read as one (else text, which the schema names). */
  numeric: ReadonlySet<string>;
  /** The record's schema: every problem of a row is named by its column. */
  schema: ZodType<T>;
  /** The most rows one file may hold (none: the caller counts). */
  maxRows?: number;
  /**
   * The problem of a file with no rows.
   * @default { key: 'errors.importEmpty' }
   */
  empty?: MessageRef;
}

/** One row of a file: its line, its cells as the schema took them, and its record if valid. */
export interface CsvRecordRow<T> {
  line: number;
  /** The cells given (empty ones left out), as the schema was given them. */
  cells: Record<string, unknown>;
  /** The record, when the row is valid. */
  value: T | undefined;
}

/** A file read with {@link readCsvRecords}. */
export type CsvRecords<T> =
  | {
      /** The file cannot be read as rows at all: one problem, of the file. */
      status: 'refused';
      problem: MessageRef;
      /** The cell at fault, when there is one (bytes that are not UTF-8). */
      problems: CsvRowProblem[];
    }
  | {
      status: 'read';
      /** The first line's cells as written. */
      header: string[];
      /** The column names, as the first line gives them (trimmed). */
      columns: string[];
      /** The rows' cells as written. */
      cells: string[][];
      rows: CsvRecordRow<T>[];
      /** Every problem of every row (a row's own under `_`). */
      problems: CsvRowProblem[];
    };

const decimal = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * A CSV record as a schema reads it: the ignored columns and empty cells left out (an empty
 * cell is "not given"), an export's formula guard dropped, numbers where a numeric column
 * holds one. Entries, not assignments: a column named `__proto__` stays a column (and is
 * refused as unknown).
 */
export function csvRecordCells(
  record: Record<string, string>,
  rules: Pick<CsvRecordRules<unknown>, 'ignored' | 'numeric'>,
): Record<string, unknown> {
  const ignored = new Set<string>(rules.ignored);
  return Object.fromEntries(
    Object.entries(record)
      .filter(([name]) => !ignored.has(name))
      .map(([name, raw]) => [name, unguardedCell(raw.trim()).trim()] as const)
      .filter(([, cell]) => cell !== '')
      .map(([name, cell]) => [
        name,
        rules.numeric.has(name) && decimal.test(cell) ? readDecimal(cell) : cell,
      ]),
  );
}

/**
 * Reads a catalogue file with the uploads' rules (csv.ts `readCsv`: UTF-8 only, each column
 * named once, no row longer than the first line) and every row with the record's schema, in
 * one pass: the file's own problem (not UTF-8, a column twice, a required column missing, no
 * rows, too many rows) refuses it before its rows are read; otherwise every problem of every
 * row is named, at its spreadsheet line (the first line is 1) and column.
 */
export function readCsvRecords<T>(
  input: Uint8Array | string,
  rules: CsvRecordRules<T>,
): CsvRecords<T> {
  const table = readCsv(input, rules.required);
  if (table.status === 'notUtf8') {
    const { line, column } = table.place;
    return {
      status: 'refused',
      problem: { key: 'errors.csvNotUtf8', params: { line } },
      problems:
        line > 1 ? [{ line, field: column ?? '_', message: { key: 'validation.notUtf8' } }] : [],
    };
  }
  if (table.status === 'duplicateColumn') {
    return {
      status: 'refused',
      problem: { key: 'errors.csvDuplicateColumn', params: { column: table.column } },
      problems: [],
    };
  }
  if (table.status === 'tooManyColumns') {
    return {
      status: 'refused',
      problem: {
        key: 'errors.csvTooManyColumns',
        params: { columns: table.columns, max: table.max },
      },
      problems: [],
    };
  }
  if (table.missing.length > 0) {
    return {
      status: 'refused',
      problem: {
        key: 'errors.csvHeader',
        params: { columns: (rules.named ?? rules.required).join(', ') },
      },
      problems: [],
    };
  }
  if (table.rows.length === 0) {
    return {
      status: 'refused',
      problem: rules.empty ?? { key: 'errors.importEmpty' },
      problems: [],
    };
  }
  if (rules.maxRows !== undefined && table.rows.length > rules.maxRows) {
    return {
      status: 'refused',
      problem: {
        key: 'errors.importTooManyRows',
        params: { max: rules.maxRows, rows: table.rows.length },
      },
      problems: [],
    };
  }
  const problems: CsvRowProblem[] = table.overlong.map(({ line, cells }) => ({
    line,
    field: '_',
    message: { key: 'validation.extraCells', params: { cells, columns: table.header.length } },
  }));
  const rows = table.records.map((record, index): CsvRecordRow<T> => {
    const line = table.rowLines[index]!;
    const cells = csvRecordCells(record, rules);
    const checked = validate(rules.schema, cells);
    if (checked.success) return { line, cells, value: checked.data };
    for (const [field, message] of Object.entries(checked.fields)) {
      problems.push({ line, field, message });
    }
    return { line, cells, value: undefined };
  });
  return {
    status: 'read',
    header: table.header,
    columns: table.columns,
    cells: table.rows,
    rows,
    problems,
  };
}

/**
 * The cells of a row that pass their own field's schema (`shape`, an object schema's): what a
 * row with a problem elsewhere can still be checked by (a name's uniqueness, a serial's
 * range), so one pass finds every problem of a file.
 */
export function validCells(
  shape: Record<string, ZodType>,
  input: unknown,
): Record<string, unknown> {
  const given =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(shape).flatMap(([field, schema]) => {
      const parsed = schema.safeParse(Object.hasOwn(given, field) ? given[field] : undefined);
      return parsed.success ? [[field, parsed.data] as const] : [];
    }),
  );
}
