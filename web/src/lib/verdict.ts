import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type {
  ReportVerdict,
  TestOutcome,
} from '../../../lambdas/shared/contract/schemas/report-request';

/**
 * How a verdict looks wherever it is shown (the public preview, the search history):
 * Cloudscape's status types, each a colour and an icon of its own, so a verdict is told
 * apart without its colour too: pass a green tick, fail a red cross, incomplete an amber
 * warning sign, untested a grey stop sign. The words come from the i18n resources.
 */
export const verdictStatus = {
  pass: 'success',
  fail: 'error',
  incomplete: 'warning',
  untested: 'stopped',
} as const satisfies Record<ReportVerdict, StatusIndicatorProps.Type>;

/** One test's outcome: a tick or a cross; a required test without a result yet, an empty circle. */
export const outcomeStatus = {
  pass: 'success',
  fail: 'error',
  missing: 'not-started',
} as const satisfies Record<TestOutcome | 'missing', StatusIndicatorProps.Type>;
