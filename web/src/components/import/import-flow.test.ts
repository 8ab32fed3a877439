import { describe, expect, it } from 'vitest';
import { importTimeoutSeconds } from '../../../../lambdas/shared/contract/schemas/imports';
import { ApiError } from '../../lib/api-client';
import {
  expectedImportMs,
  importProgress,
  importRefusal,
  importWaitMs,
  outcomeUnknown,
  rowProblems,
} from './import-flow';

describe('an import refused by the server', () => {
  it('lists every row problem the answer names, in its order, with the total it counts', () => {
    const error = new ApiError(
      'invalid-argument',
      'Nothing was stored: fix the problems listed (1,510 in all) and import the file again.',
      400,
      {
        'row 12.fluid': 'This value is not valid',
        'row 12.name': 'This field is required',
        'row 132._': 'This row has 22 cells; the first line names 21 columns',
        // Not a row: kept out of the table (the message says what it is).
        body: 'Something else',
      },
      undefined,
      'errors.importRefused',
      { problems: 1510, listed: 1000 },
    );
    expect(importRefusal(error)).toEqual({
      message: error.message,
      problems: [
        { line: 12, field: 'fluid', message: 'This value is not valid' },
        { line: 12, field: 'name', message: 'This field is required' },
        {
          line: 132,
          field: '_',
          message: 'This row has 22 cells; the first line names 21 columns',
        },
      ],
      total: 1510,
    });
  });

  it('takes a column name with a dot whole, and counts the listed problems without a total', () => {
    expect(rowProblems({ 'row 3.a.b': 'x' })).toEqual([{ line: 3, field: 'a.b', message: 'x' }]);
    const error = new ApiError('invalid-argument', 'The file has no rows', 400, {});
    expect(importRefusal(error)).toEqual({
      message: 'The file has no rows',
      problems: [],
      total: 0,
    });
  });

  it('treats rows taken meanwhile (409) and a file too large (413) as refusals of the file', () => {
    const conflict = new ApiError(
      'already-exists',
      'Someone else took a name…',
      409,
      { 'row 601.name': 'This name is taken' },
      undefined,
      'errors.importConflict',
      { problems: 1, listed: 1 },
    );
    expect(importRefusal(conflict)?.problems).toEqual([
      { line: 601, field: 'name', message: 'This name is taken' },
    ]);
    const tooLarge = new ApiError('payload-too-large', 'The file is too large', 413);
    expect(importRefusal(tooLarge)).toMatchObject({ message: 'The file is too large', total: 0 });
  });

  it('is no refusal when no verdict on the file came back', () => {
    expect(importRefusal(new ApiError('network', 'offline', 0))).toBeUndefined();
    expect(importRefusal(new ApiError('internal', 'failed', 500))).toBeUndefined();
    // An import undone but for records others changed: a failure, not a list of problems.
    expect(
      importRefusal(
        new ApiError('aborted', 'undone', 409, {}, undefined, 'errors.importNotUndone'),
      ),
    ).toBeUndefined();
    expect(importRefusal(new Error('boom'))).toBeUndefined();
  });
});

describe('an import that failed', () => {
  it('may have been stored when no answer came or the server failed', () => {
    expect(outcomeUnknown(new ApiError('timeout', 'slow', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('network', 'offline', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('deadline-exceeded', 'slow', 504))).toBe(true);
    expect(outcomeUnknown(new ApiError('internal', 'failed', 500))).toBe(true);
    expect(outcomeUnknown(new Error('boom'))).toBe(true);
  });

  it('was not stored when the server answered with a refusal', () => {
    expect(outcomeUnknown(new ApiError('aborted', 'undone', 409))).toBe(false);
    expect(outcomeUnknown(new ApiError('permission-denied', 'no', 403))).toBe(false);
  });

  it('waits past the server’s own time limit before giving up on the answer', () => {
    expect(importWaitMs).toBeGreaterThan(importTimeoutSeconds * 1000);
  });
});

describe('the import’s progress bar', () => {
  it('grows with the time spent, never reaching 100 before the answer', () => {
    const expected = expectedImportMs(1_000);
    expect(expected).toBeGreaterThan(expectedImportMs(50));
    const values = [0, 0.25, 0.5, 1, 2, 10].map((share) =>
      importProgress(share * expected, expected),
    );
    expect(values[0]).toBe(0);
    expect(values[3]).toBe(90);
    for (let index = 1; index < values.length; index++) {
      expect(values[index]!).toBeGreaterThan(values[index - 1]!);
    }
    expect(importProgress(1_000 * expected, expected)).toBeLessThan(100);
  });

  it('expects a few seconds and more for more rows', () => {
    expect(expectedImportMs(1)).toBeGreaterThanOrEqual(3_000);
    expect(expectedImportMs(5_000)).toBeGreaterThan(expectedImportMs(1_000));
  });
});
