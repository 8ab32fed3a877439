import {
  maxResultsPerBatch,
  readResultsCsv,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import { contradictingRows } from '../../../../lambdas/shared/contract/result-identity';
import type { MessageRef } from '../../../../lambdas/shared/contract/validation';

/**
 * One bad cell of an uploaded file. `line` counts as a spreadsheet does, the header
 * being line 1 (so it is the record's place, also when a quoted cell spans lines).
 */
export interface RowProblem {
  line: number;
  field: string;
  /** A catalogue message (found here) or a translated text (from the server). */
  message: MessageRef | { text: string };
}

/** A part of the file sent in one request: the header line and up to 500 rows. */
export interface UploadChunk {
  /** CSV text: the header line, then the rows. */
  csv: string;
  /** The file line of the chunk's first row. */
  firstLine: number;
  rows: number;
}

export type CheckedFile =
  | { status: 'refused'; problem: MessageRef }
  | { status: 'invalid'; rows: number; problems: RowProblem[] }
  | { status: 'ready'; rows: number; chunks: UploadChunk[] };

/** Characters that make a cell need quotes when the file is written back. */
const needsQuotes = /[",\r\n]/;

/**
 * One CSV line, cells as they were read (no formula guarding: this goes to the API,
 * and `-1.5` must stay a number).
 */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => (needsQuotes.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(',');
}

/**
 * The file cut into requests of at most `size` rows, each with the header line first
 * (the API reads every request as a file of its own).
 */
export function chunkRows(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  size: number = maxResultsPerBatch,
): UploadChunk[] {
  const chunks: UploadChunk[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    chunks.push({
      csv: [header, ...part].map((cells) => `${csvLine(cells)}\r\n`).join(''),
      // Line 1 is the header: row 0 of the file is line 2.
      firstLine: start + 2,
      rows: part.length,
    });
  }
  return chunks;
}

/**
 * Checks a whole file with the API's own reader and rules (`readResultsCsv`: UTF-8 only,
 * each column named once, no row longer than the header, `uploadResultSchema` per row)
 * before anything is sent: a file with any bad row is not sent at all. A good file comes
 * back cut into chunks of {@link maxResultsPerBatch} rows. Give it the file's bytes, so a
 * file in another encoding is refused, not read with replacement characters.
 */
export function checkResultsFile(file: Uint8Array | string): CheckedFile {
  const read = readResultsCsv(file);
  // The refusal's message names the line (the API also names the cell of a file not UTF-8).
  if (read.status === 'refused') return { status: 'refused', problem: read.problem };
  if (read.status === 'invalid') {
    return { status: 'invalid', rows: read.rows.length, problems: read.problems };
  }
  // The server checks each part it is sent; rows of one result in different parts that say
  // different things are caught here, for the whole file, by the server's own rule.
  const contradicting = contradictingRows(read.records, (record) => record.value ?? {});
  if (contradicting.length > 0) {
    return {
      status: 'invalid',
      rows: read.rows.length,
      problems: contradicting.map(({ row, first }) => ({
        line: row.line,
        field: '_',
        message: { key: 'validation.duplicateResultLine', params: { line: first.line } },
      })),
    };
  }
  return { status: 'ready', rows: read.rows.length, chunks: chunkRows(read.header, read.rows) };
}

/** `row <line>.<field>`: how the upload API names a bad cell of the CSV it was sent. */
const serverRowField = /^row (\d+)\.(.+)$/;

/**
 * The server's row errors for one chunk, at the file's lines: the server counts the
 * lines of the chunk it was sent (its header is line 1), the person the lines of
 * their file. Fields that name no row are left out (the caller shows the message).
 */
export function chunkRowProblems(
  fields: Readonly<Record<string, string>>,
  chunk: Pick<UploadChunk, 'firstLine'>,
): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const [name, text] of Object.entries(fields)) {
    const match = serverRowField.exec(name);
    if (!match) continue;
    problems.push({
      line: chunk.firstLine + Number(match[1]) - 2,
      field: match[2]!,
      message: { text },
    });
  }
  return problems.sort((a, b) => a.line - b.line || a.field.localeCompare(b.field));
}
