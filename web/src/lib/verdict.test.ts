import { describe, expect, it } from 'vitest';
import { reportVerdicts } from '../../../lambdas/shared/contract/schemas/report-request';
import { outcomeStatus, verdictStatus } from './verdict';

describe('verdict looks', () => {
  it('gives every verdict a status of its own (its colour and icon)', () => {
    const types = reportVerdicts.map((verdict) => verdictStatus[verdict]);
    expect(new Set(types).size).toBe(reportVerdicts.length);
    expect(verdictStatus).toEqual({
      pass: 'success',
      fail: 'error',
      incomplete: 'warning',
      untested: 'stopped',
    });
  });

  it('shows a test’s outcome as its verdict would, a missing result apart', () => {
    expect(outcomeStatus.pass).toBe(verdictStatus.pass);
    expect(outcomeStatus.fail).toBe(verdictStatus.fail);
    expect(Object.values(verdictStatus)).not.toContain(outcomeStatus.missing);
  });
});
