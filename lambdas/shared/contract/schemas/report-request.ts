import * as z from 'zod';
import { emailField } from './auth';
import { productSchema } from './product-record';
import { listPageSchema } from './records';
import { appliesTo, bodyMaterials, type BodyMaterial } from '../materials';
import { isoDateField, serialTextField } from './serial-range';
import { hasLimits, judgedLimitSchema, type JudgedLimit, type TestPlan } from './test-plan';

import {
  deliveryStatuses,
  reportLanguages,
  reportVerdicts,
  testOutcomes,
  type ReportLanguage,
  type ReportVerdict,
} from './report-words';

export {
  deliveryStatuses,
  reportLanguages,
  reportVerdicts,
  testOutcomes,
  type DeliveryStatus,
  type ReportLanguage,
  type ReportVerdict,
  type TestOutcome,
} from './report-words';

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

/*
 * The answers' schemas below describe the data as the API gives it (no input checks): the
 * public page reads its answers with them, in the chunk that shows a report.
 */

/**
 * The product as a report shows it: every specification field in the report's language,
 * without audit data (from the record's schema: the input schema's printable-character
 * list is 16 kB).
 */
export const reportProductSchema = productSchema.pick({
  name: true,
  temperatureMin: true,
  temperatureMax: true,
  fluid: true,
  connection: true,
  pressureFC: true,
  pressureWCB: true,
  pressureSUS: true,
  application: true,
  applicationMedium: true,
  gtin: true,
});
export type ReportProduct = z.infer<typeof reportProductSchema>;

/** The latest result of one test on the unit (a re-test replaces it in the report). */
export const reportTestResultSchema = z.object({
  testName: z.string(),
  result: z.enum(testOutcomes),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  testedAt: z.string(),
  machineId: z.string(),
  operator: z.string().nullable().optional(),
  /** The plan version the result was judged against; null when its product had no plan. */
  planVersion: z.number().int().nullable().optional(),
  /** The limit it was judged against (stored with it: a later plan never changes it). */
  limit: judgedLimitSchema.nullable().optional(),
  /**
   * A result a person uploaded: who entered it (name or email) for the bench it names,
   * shown as "entered by <name> for <bench>"; null or absent when the bench sent it.
   */
  enteredBy: z.string().nullable().optional(),
});
export type ReportTestResult = z.infer<typeof reportTestResultSchema>;

/** The verdict of a unit without a test plan. */
export function reportVerdict(results: readonly Pick<ReportTestResult, 'result'>[]): ReportVerdict {
  if (results.length === 0) return 'untested';
  return results.some((item) => item.result === 'fail') ? 'fail' : 'pass';
}

/** One test of the report: a required test of the plan (with its latest result), or an extra result. */
export const reportTestRowSchema = z.object({
  /** The test's name as benches send it (the plan's key). */
  testName: z.string(),
  /**
   * The name the report shows, in its language: the plan's Chinese name on a Chinese report
   * when it gives one; absent when it is `testName`.
   */
  displayName: z.string().nullable().optional(),
  /**
   * The method or standard, in the report's language as `displayName`; null for a result
   * of a test the plan does not name.
   */
  method: z.string().nullable(),
  /** The limit the shown result was judged against, else the plan's; null when none. */
  limit: judgedLimitSchema.nullable(),
  required: z.boolean(),
  /** The latest result; null when a required test has none yet. */
  result: reportTestResultSchema.nullable(),
});
export type ReportTestRow = z.infer<typeof reportTestRowSchema>;

/** The plan in force when the report was issued. */
export const reportPlanSchema = z.object({
  version: z.number().int(),
  approvedBy: z.object({ name: z.string(), role: z.string() }),
  approvedAt: z.string(),
});
export type ReportPlan = z.infer<typeof reportPlanSchema>;

/** A plan test, as a verdict reads it (`materials` absent: it applies to every unit). */
export type VerdictTest = Omit<TestPlan['tests'][number], 'materials' | 'nameZh' | 'methodZh'> & {
  materials?: readonly BodyMaterial[];
  nameZh?: string | null;
  methodZh?: string | null;
};

/** A plan, as a verdict reads it: its tests and version. */
export interface VerdictPlan {
  tests: readonly VerdictTest[];
  version?: number;
}

/** The plan tests a unit of `material` is judged by (docs/test-plans.md). */
export function applicableTests(plan: VerdictPlan, material: BodyMaterial | null): VerdictTest[] {
  return plan.tests.filter((test) => appliesTo(test, material));
}

/**
 * Whether a result may stand for a plan test: a test with limits takes only a result that
 * was judged against a limit (one stored before the plan, or as an unjudged extra test,
 * never counts for it, and is never shown against the plan's limit).
 */
export function countsFor(
  result: Pick<ReportTestResult, 'limit'> | undefined,
  test: Pick<VerdictTest, 'lower' | 'upper'>,
): boolean {
  if (!result) return false;
  return !hasLimits(test) || (result.limit !== undefined && result.limit !== null);
}

/**
 * Whether a failed result counted against its unit when it was judged: judged without a
 * plan (every result then counts), or as a required test of the plan version it was judged
 * against that applied to the unit's material. Such a failure keeps counting until it is
 * voided or the same test passes later: no later plan version alone takes it back.
 * `plans` holds the versions results name; a version not at hand counts (the safe side).
 */
export function countedWhenJudged(
  result: Pick<ReportTestResult, 'testName' | 'planVersion'>,
  plans: ReadonlyMap<number, VerdictPlan>,
  material: BodyMaterial | null,
): boolean {
  if (result.planVersion === null || result.planVersion === undefined) return true;
  const plan = plans.get(result.planVersion);
  if (!plan) return true;
  const test = plan.tests.find((candidate) => candidate.name === result.testName);
  return test !== undefined && test.required && appliesTo(test, material);
}

/**
 * A unit's verdict against a plan (the latest result per test given): `fail` when a
 * required test that applies to the unit's material failed, or when any failure counted
 * against it when it was judged ({@link countedWhenJudged}); `incomplete` when a required
 * test has no result that may stand for it ({@link countsFor}); otherwise `pass`. Results
 * of tests the plan does not require never decide it.
 */
export function planVerdict(
  plan: VerdictPlan,
  latest: readonly Pick<ReportTestResult, 'testName' | 'result' | 'limit' | 'planVersion'>[],
  options: { material?: BodyMaterial | null; plans?: ReadonlyMap<number, VerdictPlan> } = {},
): ReportVerdict {
  if (latest.length === 0) return 'untested';
  const material = options.material ?? null;
  const plans = options.plans ?? new Map(plan.version ? [[plan.version, plan]] : []);
  const byTest = new Map(latest.map((result) => [result.testName, result]));
  const required = applicableTests(plan, material).filter((test) => test.required);
  const standing = (test: VerdictTest) => {
    const result = byTest.get(test.name);
    return countsFor(result, test) ? result : undefined;
  };
  const failureCounts = latest.some(
    (result) => result.result === 'fail' && countedWhenJudged(result, plans, material),
  );
  if (failureCounts || required.some((test) => standing(test)?.result === 'fail')) return 'fail';
  if (required.some((test) => !standing(test))) return 'incomplete';
  return 'pass';
}

/**
 * The report's test rows: the plan's required tests that apply to the unit's material, in
 * plan order, each with its latest result where that may stand for it ({@link countsFor};
 * else "not yet tested", with the plan's limit as the requirement), then every other latest
 * result, with the limit it was judged against (never a plan's limit it was not judged by).
 */
export function reportRows(
  plan: VerdictPlan,
  latest: readonly ReportTestResult[],
  material: BodyMaterial | null = null,
): ReportTestRow[] {
  const byTest = new Map(latest.map((result) => [result.testName, result]));
  const required = applicableTests(plan, material).filter((test) => test.required);
  const planTests = new Map(plan.tests.map((test) => [test.name, test]));
  const planLimit = (test: VerdictTest): JudgedLimit | null =>
    hasLimits(test) ? { lower: test.lower, upper: test.upper, unit: test.unit } : null;
  const shown = new Set<string>();
  const requiredRows = required.map((test): ReportTestRow => {
    const latestResult = byTest.get(test.name);
    const result = countsFor(latestResult, test) ? latestResult! : null;
    if (result) shown.add(result.testName);
    return {
      testName: test.name,
      method: test.method,
      limit: result?.limit ?? planLimit(test),
      required: true,
      result,
    };
  });
  const otherRows = latest
    .filter((result) => !shown.has(result.testName))
    .map((result): ReportTestRow => ({
      testName: result.testName,
      method: planTests.get(result.testName)?.method ?? null,
      limit: result.limit ?? null,
      required: false,
      result,
    }));
  return [...requiredRows, ...otherRows];
}

/**
 * The rows in the report's language: on a Chinese report, the plan's Chinese name and method
 * of each test where it gives them (`displayName`, `method`); the English ones otherwise.
 */
export function rowsInLanguage(
  rows: readonly ReportTestRow[],
  plan: {
    tests: readonly { name: string; nameZh?: string | null; methodZh?: string | null }[];
  } | null,
  language: ReportLanguage,
): ReportTestRow[] {
  if (language !== 'zh' || !plan) return [...rows];
  const tests = new Map(plan.tests.map((test) => [test.name, test]));
  return rows.map((row) => {
    const test = tests.get(row.testName);
    return {
      ...row,
      ...(test?.nameZh ? { displayName: test.nameZh } : {}),
      ...(test?.methodZh && row.method !== null ? { method: test.methodZh } : {}),
    };
  });
}

/**
 * Report numbers: `TR-` and ten characters of Crockford base32 in two groups
 * (50 random bits), e.g. `TR-7K3MQ-9X2HB`. Not a sequence, so not guessable.
 */
export const reportNumberPattern = /^TR-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

const reportNumberField = z.string().regex(reportNumberPattern);
/** SHA-256 of the PDF bytes, lowercase hex. */
const fingerprintField = z.string().regex(/^[0-9a-f]{64}$/);
const verdictField = z.enum(reportVerdicts);

/** What the report says, in the data both the PDF and the page preview show. */
export const reportContentSchema = z.object({
  reportNumber: reportNumberField,
  /** ISO 8601 time the report was issued. */
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  serialNumber: z.string(),
  productionDate: z.string(),
  product: reportProductSchema,
  /**
   * The unit's body material and its pressure rating (bar); null when the product rates no
   * material or the unit's range does not record it yet.
   */
  bodyMaterial: z.enum(bodyMaterials).nullable().optional(),
  pressureRating: z.number().nullable().optional(),
  /** The latest result of each test (every report has them). */
  results: z.array(reportTestResultSchema),
  /** With a test plan: its required tests, then extra results; empty without one. */
  tests: z.array(reportTestRowSchema),
  /** The plan version the unit is judged by (docs/test-plans.md); null when none. */
  plan: reportPlanSchema.nullable(),
  /**
   * The unit's verdict. A unit of a product without a plan and without results has no
   * verdict to state: the report shows no verdict banner then.
   */
  verdict: verdictField,
  /** `<app>/search?verify=<reportNumber>`. */
  verificationUrl: z.string(),
  /**
   * The unit's identification link (IEC 61406-1; GS1 Digital Link with a GTIN), as on its
   * nameplate label (docs/identity-links.md). Reports issued before links existed have none.
   */
  identityLink: z.string().optional(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/**
 * How the report's PDF is signed (docs/report-signatures.md): always a PAdES signature;
 * `timestamped` false when the timestamp authority could not be reached (PAdES B-B; a later
 * request gets a timestamped one).
 */
export const reportSignatureSchema = z.object({ timestamped: z.boolean() });

/** `201` answer of `POST /api/report-requests`: the preview and where the PDF is. */
export const reportRequestCreatedSchema = reportContentSchema.extend({
  /** The request's unguessable id: it is the secret of the PDF link. */
  id: z.string(),
  email: z.string(),
  /** `/api/report-requests/{id}/pdf`, relative to the app's origin. */
  pdfUrl: z.string(),
  /** The last moment the PDF link works (ISO 8601). */
  pdfExpiresAt: z.string(),
  fingerprint: fingerprintField,
  signature: reportSignatureSchema,
  /** The report's conformity credential (`application/vc+jwt`), absolute. */
  credentialUrl: z.string(),
});
export type ReportRequestCreated = z.infer<typeof reportRequestCreatedSchema>;

/** The public facts of an issued report, as kept with it (no personal data, no expiry). */
export const reportFactsSchema = z.object({
  reportNumber: reportNumberField,
  serialNumber: z.string(),
  productName: z.string(),
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  fingerprint: fingerprintField,
  /** The verdict the report states (null on reports from before verdicts were kept). */
  verdict: verdictField.nullable(),
  /** Null on reports issued before reports were signed. */
  signature: reportSignatureSchema.nullable().default(null),
});
export type ReportFacts = z.infer<typeof reportFactsSchema>;

/**
 * `GET /api/report-requests/verify/{reportNumber}`: the public facts of an issued report,
 * and what happened to its unit since.
 */
export const reportVerificationSchema = reportFactsSchema.extend({
  /**
   * When results newer than the report reached the unit (the first one's time), the
   * report is superseded: it stays valid as issued, and a new one says more. Null otherwise.
   */
  newerResultsSince: z.string().nullable(),
  /** When a result the report shows was voided (the first such void); null when none was. */
  voidedSince: z.string().nullable(),
  /** The first later report of the unit whose verdict differs from this one's; null when none. */
  laterVerdict: z
    .object({ reportNumber: reportNumberField, issuedAt: z.string(), verdict: verdictField })
    .nullable(),
  /**
   * Where the report stands: `voided` when a result it shows was voided, `superseded` when
   * newer results reached its unit, else `current`. The report and its credential verify as
   * issued either way.
   */
  standing: z.enum(['current', 'superseded', 'voided']),
  /** The report's conformity credential (absolute); null on reports issued before them. */
  credentialUrl: z.string().nullable(),
});
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

/**
 * The largest PDF the signature check takes: 750 kB, many times any report of this product
 * (tens of kB), and its base64 within the API's 1 MiB body limit.
 */
export const signatureCheckMaxBytes = 750 * 1024;

/** `POST /api/report-requests/signature-check`: a PDF file, base64. */
export const signatureCheckInputSchema = z.strictObject({
  pdf: z
    .base64()
    .min(1)
    .max(Math.ceil(signatureCheckMaxBytes / 3) * 4),
});
export type SignatureCheckInput = z.infer<typeof signatureCheckInputSchema>;

/**
 * What a PDF's signature proves (docs/report-signatures.md): whether it is signed, whether
 * the signature is intact over the whole file, whether it was made by this product's
 * signing certificate, who signed and when (the trusted timestamp's time).
 */
export const signatureCheckSchema = z.object({
  signed: z.boolean(),
  /** The signed bytes are unchanged and the signature verifies with its certificate. */
  valid: z.boolean(),
  /** The signature covers the whole file (nothing was appended after signing). */
  wholeDocument: z.boolean(),
  /** The signature was made with this product's signing key (the key its DID document names). */
  trusted: z.boolean(),
  signer: z
    .object({ commonName: z.string().nullable(), organization: z.string().nullable() })
    .nullable(),
  /** The timestamp's time (ISO 8601); null without a valid timestamp. */
  signedAt: z.string().nullable(),
  timestamped: z.boolean(),
});
export type SignatureCheck = z.infer<typeof signatureCheckSchema>;

/**
 * `GET /.well-known/did.json`: the DID document of the report host's `did:web`, naming the
 * public key the conformity credentials are signed with (W3C DID 1.0).
 */
export const didDocumentSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string().startsWith('did:web:'),
  verificationMethod: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      controller: z.string(),
      publicKeyJwk: z.object({
        kty: z.literal('EC'),
        crv: z.string(),
        x: z.string(),
        y: z.string(),
      }),
    }),
  ),
  assertionMethod: z.array(z.string()),
  authentication: z.array(z.string()),
});
export type DidDocument = z.infer<typeof didDocumentSchema>;

/** The longest serial and email filters the search history takes (its filter fields stop there). */
export const historySerialFilterMaxLength = 64;
export const historyEmailFilterMaxLength = 254;

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
    serial: serialTextField(historySerialFilterMaxLength).optional(),
    email: z.string().trim().max(historyEmailFilterMaxLength).optional(),
    status: z.enum(deliveryStatuses).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    params: { rule: 'dateOrder' },
  });
export type ListReportRequestsQuery = z.infer<typeof listReportRequestsQuerySchema>;

/** One line of the search history. `clientAddress` only for admins. */
export const reportRequestSummarySchema = z.object({
  id: z.string(),
  /** Null for a withheld request: no report was issued. */
  reportNumber: reportNumberField.nullable(),
  requestedAt: z.string(),
  serialNumber: z.string(),
  productName: z.string(),
  email: z.string(),
  language: z.enum(reportLanguages),
  status: z.enum(deliveryStatuses),
  statusReason: z.string().nullable(),
  statusAt: z.string(),
  deliveryAttempts: z.number().int().nonnegative(),
  /** The verdict the report states; null for requests from before it was kept. */
  verdict: verdictField.nullable(),
  clientAddress: z.string().optional(),
});
export type ReportRequestSummary = z.infer<typeof reportRequestSummarySchema>;

/**
 * A page of the search history: it is filtered as it is read, so it has no total (the list
 * counts its pages instead).
 */
export const reportRequestPageSchema = z.object({
  items: z.array(reportRequestSummarySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** `GET /api/dashboard` (its schema lives with the dashboard's contract). */
export type { DashboardFigures } from './dashboard';

/** `j***@example.com`: enough to recognise a request, not to harvest addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
