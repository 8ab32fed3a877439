import { beforeAll, describe, expect, it } from 'vitest';
import { importTimeoutSeconds } from '../../../../lambdas/shared/contract/schemas/imports';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import { ApiError } from '../../lib/api-client';
import {
  importFailure,
  importProgress,
  importRefusal,
  importWaitMs,
  outcomeUnknown,
  partCuts,
  passingFault,
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
  it('goes by the rows the worker has written of the file’s', () => {
    expect(importProgress({ rows: 5_000, written: 0 })).toBe(0);
    expect(importProgress({ rows: 5_000, written: 1_250 })).toBe(25);
    expect(importProgress({ rows: 3, written: 2 })).toBe(66);
    expect(importProgress({ rows: 5_000, written: 5_000 })).toBe(100);
    expect(importProgress({ rows: 0, written: 0 })).toBe(0);
  });
});

describe('an import the worker ended without storing it', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) {
      await i18n.init({ resources, lng: 'en', fallbackLng: 'en', initAsync: false });
    }
  });
  const job = {
    id: 'b1',
    kind: 'product' as const,
    rows: 3,
    written: 0,
    fileName: 'p.csv',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:05.000Z',
  };

  it('is refused naming the rows someone else took, as the request would have answered', () => {
    const error = importFailure({
      ...job,
      status: 'refused',
      error: {
        code: 'already-exists',
        message: 'Someone else took…',
        messageKey: 'errors.importConflict',
        fields: { 'row 3.name': 'This name is already taken' },
      },
    });
    expect(error).toMatchObject({
      code: 'already-exists',
      status: 409,
      messageKey: 'errors.importConflict',
      message: expect.stringContaining('nothing was stored'),
    });
    expect(importRefusal(error)).toMatchObject({
      problems: [{ line: 3, field: 'name' }],
      total: 1,
    });
    expect(outcomeUnknown(error)).toBe(false);
  });

  it('failed, not refused, when it ran out of time or stopped', () => {
    const error = importFailure({
      ...job,
      status: 'failed',
      error: { code: 'internal', message: 'stopped', messageKey: 'errors.importInterrupted' },
    });
    expect(error).toMatchObject({ code: 'internal', status: 500 });
    expect(importRefusal(error)).toBeUndefined();
    expect(outcomeUnknown(error)).toBe(true);
  });
});

describe('following a running import', () => {
  it('asks again after a passing fault, not after a refusal that will not change', () => {
    expect(passingFault(new ApiError('network', 'offline', 0))).toBe(true);
    expect(passingFault(new ApiError('unavailable', 'busy', 503))).toBe(true);
    expect(passingFault(new ApiError('resource-exhausted', 'slow down', 429))).toBe(true);
    expect(passingFault(new ApiError('not-found', 'gone', 404))).toBe(false);
    expect(passingFault(new ApiError('permission-denied', 'no', 403))).toBe(false);
    expect(passingFault(new Error('not an API error'))).toBe(false);
  });
});

describe('a file cut into parts', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('cuts after the last line end that fits, each part within the limit', () => {
    const file = bytes('ab\ncd\nef\ngh\n');
    const cuts = partCuts(file, 7);
    expect(cuts).toEqual([0, 6, 12]);
    for (let index = 1; index < cuts.length; index++) {
      expect(cuts[index]! - cuts[index - 1]!).toBeLessThanOrEqual(7);
    }
    expect(partCuts(file, 100)).toEqual([0, file.length]);
  });

  it('never cuts a character in two, even in a line longer than a part', () => {
    const file = bytes('閘閥閘閥閘閥'); // 18 bytes, no line end
    const cuts = partCuts(file, 7);
    expect(cuts).toEqual([0, 6, 12, 18]);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const parts = cuts.slice(1).map((end, index) => file.slice(cuts[index], end));
    expect(parts.map((part) => decoder.decode(part)).join('')).toBe('閘閥閘閥閘閥');
  });
});
