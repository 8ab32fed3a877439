/**
 * The report's fixed vocabularies, apart from its schemas (./report-request.ts): the
 * functions and pages that need only these lists (a result's outcome, a verdict, a mail's
 * status) import them without the report's schemas.
 */

/** The languages a report and its mail come in. */
export const reportLanguages = ['en', 'zh'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

/** A test result's outcome. */
export const testOutcomes = ['pass', 'fail'] as const;
export type TestOutcome = (typeof testOutcomes)[number];

/**
 * The overall verdict. Without a test plan: `pass` when every test's latest result
 * passed, `fail` when any failed. With one: `pass` only when every required test's
 * latest result passed, `fail` when any required test's latest result failed,
 * `incomplete` when a required test has no result. `untested` when the unit has no
 * results at all.
 */
export type ReportVerdict = TestOutcome | 'incomplete' | 'untested';

export const reportVerdicts = [
  'pass',
  'fail',
  'incomplete',
  'untested',
] as const satisfies readonly ReportVerdict[];

/**
 * Mail delivery states of a request (docs/report-center.md); `withheld`: no report was
 * issued, because the unit's verdict is not one a visitor may receive (site settings).
 */
export const deliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'withheld'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
