import { approverName } from '../../shared/contract/roles';
import {
  reportLanguages,
  type ReportContent,
  type ReportLanguage,
  type ReportPlan,
  type ReportTestRow,
  type ReportVerdict,
} from '../../shared/contract/schemas/report-request';
import { formatLimit } from '../../shared/contract/schemas/test-plan';
import { type MessageKey, message } from '../../shared/contract/messages';

/**
 * Who issues the reports: from configuration (PROVIDER_NAME, PROVIDER_ADDRESS,
 * PRIVACY_POLICY_URL).
 */
export interface ReportSite {
  providerName: string;
  /** Printed under the name; empty when not configured. */
  providerAddress?: string;
  privacyPolicyUrl: string;
}

/** A row of a table of tests, and how its outcome cell is coloured. */
export interface ReportRow<Cells extends string[]> {
  cells: Cells;
  outcome: 'pass' | 'fail' | 'none';
}

/** The six columns of a test plan's tables: test and method, limit, measured, result, when, bench and operator. */
type PlanCells = [string, string, string, string, string, string];

export interface LabelledValue {
  label: string;
  value: string;
}

/** Everything the PDF says, as text in the report's language: the layout only places it. */
export interface ReportText {
  provider: string;
  /** The provider's address, or empty. */
  providerAddress: string;
  title: string;
  reportNumberLabel: string;
  reportNumber: string;
  /** Serial, product, production date, issue date. */
  unit: LabelledValue[];
  verdictLabel: string;
  verdict: string;
  verdictKind: ReportVerdict;
  /**
   * Whether the report states a verdict: not for a unit of a product without a test plan
   * that has no results yet (there is nothing to judge; the report gives its data).
   */
  verdictShown: boolean;
  specificationsHeading: string;
  /** Rows of the specification grid, three cells, then two (application, medium). */
  specifications: LabelledValue[][];
  resultsHeading: string;
  resultColumns: [string, string, string, string, string];
  results: { cells: [string, string, string, string, string]; outcome: 'pass' | 'fail' }[];
  noResults: string;
  /** With a test plan: the required tests, then the other results (instead of `results`). */
  plan: {
    heading: string;
    columns: PlanCells;
    required: ReportRow<PlanCells>[];
    otherHeading: string;
    other: ReportRow<PlanCells>[];
  } | null;
  /** ISO/IEC 17025 statements: the plan's approval, the scope of the results, reproduction. */
  statements: string[];
  endOfReport: string;
  verificationHeading: string;
  verificationText: string;
  verificationUrl: string;
  /** The unit's identification link block; null when the report has no link. */
  identity: { heading: string; text: string; url: string } | null;
  footnote: string;
  /**
   * The visible signature line on the last page ("Digitally signed by <provider> · <issue
   * time> UTC"), which the PDF signature's field covers, and the signature's reason.
   */
  signatureLine: string;
  signatureReason: string;
  /** Left of every page footer: who issued which report. */
  footer: string;
  /** `Page 1 of 2` in the report's language. */
  page(page: number, pages: number): string;
}

/** Shown for an empty optional text field (application, medium, a missing value). */
export const emptyValue = '—';

/**
 * `YYYY-MM-DD HH:mm` in UTC. One zone for every reader: the report is a record, and the
 * Lambda's zone is not the visitor's anyway. The issue date carries the `UTC` suffix.
 */
export function utcMinute(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toISOString().slice(0, 16).replace('T', ' ');
}

/** Numbers as people write them: no float noise (0.30000000000000004 -> 0.3). */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/**
 * "Test plan version 2 approved by Chen (Administrator) on 2026-03-04.": the approver's name
 * and role, translated; the role alone when the name is empty or only a role's word.
 */
export function approvalStatement(plan: ReportPlan, language: ReportLanguage): string {
  const roleKey = plan.approvedBy.role === 'admin' ? 'report.roles.admin' : 'report.roles.staff';
  const role = message(roleKey, {}, language);
  const name = approverName(plan.approvedBy.name, [
    plan.approvedBy.role,
    ...reportLanguages.map((other) => message(roleKey, {}, other)),
  ]);
  const params = { version: plan.version, role, date: utcMinute(plan.approvedAt).slice(0, 10) };
  return name === null
    ? message('report.planApprovalRole', params, language)
    : message('report.planApproval', { ...params, name }, language);
}

export function reportText(content: ReportContent, site: ReportSite): ReportText {
  const { language, product } = content;
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    message(key, params, language);
  const measured = (value: number | null, unit: string | null) =>
    value === null ? emptyValue : [formatNumber(value), unit].filter(Boolean).join(' ');
  /** The bench, or "entered by <name> for <bench>" for an uploaded result. */
  const source = (result: NonNullable<ReportTestRow['result']>) =>
    result.enteredBy
      ? t('report.enteredBy', { name: result.enteredBy, bench: result.machineId })
      : result.machineId;
  const planRow = (row: ReportTestRow): ReportRow<PlanCells> => {
    const result = row.result;
    const limit = row.limit && formatLimit(row.limit);
    return {
      outcome: result ? result.result : 'none',
      cells: [
        [row.displayName || row.testName, row.method].filter(Boolean).join('\n'),
        limit || emptyValue,
        result ? measured(result.value, result.unit) : emptyValue,
        result ? t(`report.outcomes.${result.result}`) : t('report.notYetTested'),
        result ? utcMinute(result.testedAt) : emptyValue,
        result ? [source(result), result.operator].filter(Boolean).join('\n') : emptyValue,
      ],
    };
  };
  const plan = content.plan;
  const pressure = (value: number | null) =>
    value === null ? t('report.notOffered') : `${formatNumber(value)} bar`;

  return {
    provider: site.providerName,
    providerAddress: site.providerAddress ?? '',
    title: t('report.title'),
    reportNumberLabel: t('report.reportNumber'),
    reportNumber: content.reportNumber,
    unit: [
      { label: t('report.serialNumber'), value: content.serialNumber },
      { label: t('product.fields.name'), value: product.name },
      { label: t('report.productionDate'), value: content.productionDate },
      { label: t('report.issueDate'), value: `${utcMinute(content.issuedAt)} UTC` },
      ...(content.bodyMaterial
        ? [
            {
              label: t('report.bodyMaterial'),
              value: t('report.materialRating', {
                material: t(`report.materials.${content.bodyMaterial}`),
                rating:
                  content.pressureRating === null || content.pressureRating === undefined
                    ? emptyValue
                    : `${formatNumber(content.pressureRating)} bar`,
              }),
            },
          ]
        : []),
    ],
    verdictLabel: t('report.verdict'),
    verdict: t(`report.verdicts.${content.verdict}`),
    verdictKind: content.verdict,
    verdictShown: content.plan !== null || content.results.length > 0,
    specificationsHeading: t('report.specifications'),
    specifications: [
      [
        {
          label: t('report.temperatureRange'),
          value: `${formatNumber(product.temperatureMin)} – ${formatNumber(product.temperatureMax)} °C`,
        },
        { label: t('product.fields.fluid'), value: t(`product.fluids.${product.fluid}`) },
        { label: t('product.fields.connection'), value: product.connection },
      ],
      [
        { label: t('product.fields.pressureFC'), value: pressure(product.pressureFC) },
        { label: t('product.fields.pressureWCB'), value: pressure(product.pressureWCB) },
        { label: t('product.fields.pressureSUS'), value: pressure(product.pressureSUS) },
      ],
      [
        { label: t('product.fields.application'), value: product.application ?? emptyValue },
        {
          label: t('product.fields.applicationMedium'),
          value: product.applicationMedium ?? emptyValue,
        },
      ],
    ],
    resultsHeading: t('report.results'),
    resultColumns: [
      t('report.testName'),
      t('report.result'),
      t('report.value'),
      t('report.testedAt'),
      t('report.machine'),
    ],
    results: content.results.map((result) => ({
      outcome: result.result,
      cells: [
        result.testName,
        t(`report.outcomes.${result.result}`),
        result.value === null
          ? emptyValue
          : [formatNumber(result.value), result.unit].filter(Boolean).join(' '),
        utcMinute(result.testedAt),
        source(result),
      ],
    })),
    noResults: t('report.noResults'),
    plan: plan
      ? {
          heading: t('report.requiredTests', { version: plan.version }),
          columns: [
            `${t('report.testName')}\n${t('report.method')}`,
            t('report.limit'),
            t('report.value'),
            t('report.result'),
            t('report.testedAt'),
            `${t('report.machine')}\n${t('report.operator')}`,
          ],
          required: content.tests.filter((row) => row.required).map(planRow),
          otherHeading: t('report.otherResults'),
          other: content.tests.filter((row) => !row.required).map(planRow),
        }
      : null,
    statements: [
      ...(plan ? [approvalStatement(plan, language)] : []),
      t('report.resultsRelate'),
      t('report.noReproduction', { provider: site.providerName }),
    ],
    endOfReport: t('report.endOfReport'),
    verificationHeading: t('report.verification'),
    verificationText: t('report.verificationText'),
    verificationUrl: content.verificationUrl,
    identity: content.identityLink
      ? {
          heading: t('report.identityLink'),
          text: t('report.identityLinkText'),
          url: content.identityLink,
        }
      : null,
    footnote: t('report.footnote', {
      provider: site.providerName,
      privacyPolicyUrl: site.privacyPolicyUrl,
    }),
    signatureLine: t('report.signedBy', {
      provider: site.providerName,
      time: utcMinute(content.issuedAt),
    }),
    signatureReason: t('report.signatureReason', {
      provider: site.providerName,
      reportNumber: content.reportNumber,
    }),
    footer: `${site.providerName} | ${t('report.title')} ${content.reportNumber}`,
    page: (page, pages) => t('report.page', { page, pages }),
  };
}
