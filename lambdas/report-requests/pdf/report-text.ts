import type { ReportContent, ReportVerdict } from '../../shared/contract/schemas/report-request';
import { type MessageKey, message } from '../../shared/contract/messages';

/** Who issues the reports: from configuration (PROVIDER_NAME, PRIVACY_POLICY_URL). */
export interface ReportSite {
  providerName: string;
  privacyPolicyUrl: string;
}

export interface LabelledValue {
  label: string;
  value: string;
}

/** Everything the PDF says, as text in the report's language: the layout only places it. */
export interface ReportText {
  provider: string;
  title: string;
  reportNumberLabel: string;
  reportNumber: string;
  /** Serial, product, production date, issue date. */
  unit: LabelledValue[];
  verdictLabel: string;
  verdict: string;
  verdictKind: ReportVerdict;
  specificationsHeading: string;
  /** Rows of the specification grid, three cells, then two (application, medium). */
  specifications: LabelledValue[][];
  resultsHeading: string;
  resultColumns: [string, string, string, string, string];
  results: { cells: [string, string, string, string, string]; outcome: 'pass' | 'fail' }[];
  noResults: string;
  verificationHeading: string;
  verificationText: string;
  verificationUrl: string;
  footnote: string;
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

export function reportText(content: ReportContent, site: ReportSite): ReportText {
  const { language, product } = content;
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    message(key, params, language);
  const pressure = (value: number | null) =>
    value === null ? t('report.notOffered') : `${formatNumber(value)} bar`;

  return {
    provider: site.providerName,
    title: t('report.title'),
    reportNumberLabel: t('report.reportNumber'),
    reportNumber: content.reportNumber,
    unit: [
      { label: t('report.serialNumber'), value: content.serialNumber },
      { label: t('product.fields.name'), value: product.name },
      { label: t('report.productionDate'), value: content.productionDate },
      { label: t('report.issueDate'), value: `${utcMinute(content.issuedAt)} UTC` },
    ],
    verdictLabel: t('report.verdict'),
    verdict: t(`report.verdicts.${content.verdict}`),
    verdictKind: content.verdict,
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
        result.machineId,
      ],
    })),
    noResults: t('report.noResults'),
    verificationHeading: t('report.verification'),
    verificationText: t('report.verificationText'),
    verificationUrl: content.verificationUrl,
    footnote: t('report.footnote', {
      provider: site.providerName,
      privacyPolicyUrl: site.privacyPolicyUrl,
    }),
    footer: `${site.providerName} | ${t('report.title')} ${content.reportNumber}`,
    page: (page, pages) => t('report.page', { page, pages }),
  };
}
