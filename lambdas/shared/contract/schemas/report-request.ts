import * as z from 'zod';
import { emailField } from './auth';
import type { ProductFields } from './product';
import { listPageSchema } from './records';
import { isoDateField, serialTextField } from './serial-range';
import { hasLimits, type JudgedLimit, type TestPlan } from './test-plan';

/** The languages a report and its mail come in. */
export const reportLanguages = ['en', 'zh'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

/**
 * Version of the consent statement shown on the Test Report Center. The server records
 * it with every request, so a later change of the wording can be told apart; change it
 * whenever `reportCenter.form.consent` changes in the web resources (web/src/i18n/locales).
 */
export const consentStatementVersion = '2026-11-21';

/**
 * As typed: any text that is no unit's serial (look-alike characters included) is
 * "Serial Number Not Found" (404), which the service answers after normalizeSerial.
 */
const serialNumberField = z.string().trim().min(1).max(64);

/**
 * `POST /api/report-requests`: a visitor asks for the report of one unit. `consent`
 * must be `true`: without it the request is refused (the browser disables the button
 * too, but the server is the rule).
 */
export const createReportRequestSchema = z.strictObject({
  serialNumber: serialNumberField,
  email: emailField,
  consent: z
    .unknown()
    .refine((value) => value === true, { params: { rule: 'consent' } })
    .transform(() => true as const),
  language: z.enum(reportLanguages),
});
export type CreateReportRequestInput = z.infer<typeof createReportRequestSchema>;

/**
 * The product as a report shows it: every specification field, without audit data (a type
 * only: the schema's checks are for input, and its printable-character list is 16 kB).
 */
export type ReportProduct = ProductFields;

export const testOutcomes = ['pass', 'fail'] as const;
export type TestOutcome = (typeof testOutcomes)[number];

/** The latest result of one test on the unit (a re-test replaces it in the report). */
export interface ReportTestResult {
  testName: string;
  result: TestOutcome;
  value: number | null;
  unit: string | null;
  testedAt: string;
  machineId: string;
  operator?: string | null;
  /** The plan version the result was judged against; null when its product had no plan. */
  planVersion?: number | null;
  /** The limit it was judged against (stored with it: a later plan never changes it). */
  limit?: JudgedLimit | null;
}

/**
 * The overall verdict. Without a test plan: `pass` when every test's latest result
 * passed, `fail` when any failed. With one: `pass` only when every required test's
 * latest result passed, `fail` when any required test's latest result failed,
 * `incomplete` when a required test has no result. `untested` when the unit has no
 * results at all.
 */
export type ReportVerdict = TestOutcome | 'incomplete' | 'untested';

export const reportVerdicts = ['pass', 'fail', 'incomplete', 'untested'] as const;

/** The verdict of a unit without a test plan. */
export function reportVerdict(results: readonly Pick<ReportTestResult, 'result'>[]): ReportVerdict {
  if (results.length === 0) return 'untested';
  return results.some((item) => item.result === 'fail') ? 'fail' : 'pass';
}

/** One test of the report: a required test of the plan (with its latest result), or an extra result. */
export interface ReportTestRow {
  testName: string;
  /** The method or standard; null for a result of a test the plan does not name. */
  method: string | null;
  /** The limit the shown result was judged against, else the plan's; null when none. */
  limit: JudgedLimit | null;
  required: boolean;
  /** The latest result; null when a required test has none yet. */
  result: ReportTestResult | null;
}

/** The plan in force when the report was issued. */
export interface ReportPlan {
  version: number;
  approvedBy: { name: string; role: string };
  approvedAt: string;
}

/**
 * A unit's verdict against its product's plan (the latest result per test given).
 * Results of tests the plan does not require never decide it.
 */
export function planVerdict(
  plan: Pick<TestPlan, 'tests'>,
  latest: readonly Pick<ReportTestResult, 'testName' | 'result'>[],
): ReportVerdict {
  if (latest.length === 0) return 'untested';
  const byTest = new Map(latest.map((result) => [result.testName, result.result]));
  const required = plan.tests.filter((test) => test.required);
  if (required.some((test) => byTest.get(test.name) === 'fail')) return 'fail';
  if (required.some((test) => !byTest.has(test.name))) return 'incomplete';
  return 'pass';
}

/**
 * The report's test rows: the plan's required tests in plan order, each with its latest
 * result, then every other latest result (tests the plan does not require or name).
 */
export function reportRows(
  plan: Pick<TestPlan, 'tests'>,
  latest: readonly ReportTestResult[],
): ReportTestRow[] {
  const byTest = new Map(latest.map((result) => [result.testName, result]));
  const required = plan.tests.filter((test) => test.required);
  const requiredNames = new Set(required.map((test) => test.name));
  const planTests = new Map(plan.tests.map((test) => [test.name, test]));
  const planLimit = (test: (typeof plan.tests)[number]): JudgedLimit | null =>
    hasLimits(test) ? { lower: test.lower, upper: test.upper, unit: test.unit } : null;
  return [
    ...required.map((test) => {
      const result = byTest.get(test.name) ?? null;
      return {
        testName: test.name,
        method: test.method,
        limit: result?.limit ?? planLimit(test),
        required: true,
        result,
      };
    }),
    ...latest
      .filter((result) => !requiredNames.has(result.testName))
      .map((result) => {
        const test = planTests.get(result.testName);
        return {
          testName: result.testName,
          method: test?.method ?? null,
          limit: result.limit ?? (test ? planLimit(test) : null),
          required: false,
          result,
        };
      }),
  ];
}

/** What the report says, in the data both the PDF and the page preview show. */
export interface ReportContent {
  reportNumber: string;
  /** ISO 8601 time the report was issued. */
  issuedAt: string;
  language: ReportLanguage;
  serialNumber: string;
  productionDate: string;
  product: ReportProduct;
  /** The latest result of each test (every report has them). */
  results: ReportTestResult[];
  /** With a test plan: its required tests, then extra results; empty without one. */
  tests: ReportTestRow[];
  /** The plan in force; null when the product has none. */
  plan: ReportPlan | null;
  verdict: ReportVerdict;
  /** `<app>/search?verify=<reportNumber>`. */
  verificationUrl: string;
  /**
   * The unit's identification link (IEC 61406-1; GS1 Digital Link with a GTIN), as on its
   * nameplate label (docs/identity-links.md). Reports issued before links existed have none.
   */
  identityLink?: string;
}

/** `201` answer of `POST /api/report-requests`: the preview and where the PDF is. */
export interface ReportRequestCreated extends ReportContent {
  /** The request's unguessable id: it is the secret of the PDF link. */
  id: string;
  email: string;
  /** `/api/report-requests/{id}/pdf`, relative to the app's origin. */
  pdfUrl: string;
  /** The last moment the PDF link works (ISO 8601). */
  pdfExpiresAt: string;
  /** SHA-256 of the PDF bytes, lowercase hex. */
  fingerprint: string;
}

/** `GET /api/report-requests/verify/{reportNumber}`: public facts of an issued report. */
export interface ReportVerification {
  reportNumber: string;
  serialNumber: string;
  productName: string;
  issuedAt: string;
  language: ReportLanguage;
  fingerprint: string;
  /**
   * When results newer than the report reached the unit (the first one's time), the
   * report is superseded: it stays valid as issued, and a new one says more. Null otherwise.
   */
  newerResultsSince?: string | null;
}

/**
 * Report numbers: `TR-` and ten characters of Crockford base32 in two groups
 * (50 random bits), e.g. `TR-7K3MQ-9X2HB`. Not a sequence, so not guessable.
 */
export const reportNumberPattern = /^TR-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** Mail delivery states of a request (docs/report-center.md). */
export const deliveryStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * `GET /api/report-requests` (staff, admin): the search history, newest first, within
 * `from`–`to` (request dates, inclusive), optionally of one serial, one email and one status.
 */
export const listReportRequestsQuerySchema = z
  .strictObject({
    limit: listPageSchema.limit,
    cursor: listPageSchema.cursor,
    from: isoDateField.optional(),
    to: isoDateField.optional(),
    serial: serialTextField(64).optional(),
    email: z.string().trim().max(254).optional(),
    status: z.enum(deliveryStatuses).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    params: { rule: 'dateOrder' },
  });
export type ListReportRequestsQuery = z.infer<typeof listReportRequestsQuerySchema>;

/** One line of the search history. `clientAddress` only for admins. */
export interface ReportRequestSummary {
  id: string;
  reportNumber: string;
  requestedAt: string;
  serialNumber: string;
  productName: string;
  email: string;
  language: ReportLanguage;
  status: DeliveryStatus;
  statusReason: string | null;
  statusAt: string;
  deliveryAttempts: number;
  /** The verdict the report states; null for requests from before it was kept. */
  verdict: ReportVerdict | null;
  clientAddress?: string;
}

/** `GET /api/dashboard`. */
/** A counter; null when the table holds a figure too large to represent exactly. */
type Counter = number | null;

export interface DashboardFigures {
  products: Counter;
  serialRanges: Counter;
  units: Counter;
  reportRequests: Counter;
  machineResults: Counter;
  lastMachineDataAt: string | null;
  /** The last 30 days, oldest first, days without activity included (UTC dates). */
  daily: { date: string; reportRequests: number; resultsPass: number; resultsFail: number }[];
  /** The last 5 requests, newest first; emails masked for staff (`j***@example.com`). */
  recentRequests: {
    requestedAt: string;
    email: string;
    serialNumber: string;
    status: DeliveryStatus;
  }[];
}

/** `j***@example.com`: enough to recognise a request, not to harvest addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
