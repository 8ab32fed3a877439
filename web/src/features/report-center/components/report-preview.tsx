import Alert from '@cloudscape-design/components/alert';
import Box, { type BoxProps } from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useRef } from 'react';
import type {
  ReportPlan,
  ReportRequestCreated,
  ReportTestResult,
  ReportVerdict,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { formatLimit } from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { formatCalendarDate, formatDateTime, formatDecimal } from '../../../lib/format';
import { outcomeStatus } from '../../../lib/verdict';
import { approverName } from '../../../../../lambdas/shared/contract/roles';
import { RichText, translate, useText, type ReportCenterKey } from '../i18n';
// The report's labels come with the chunks that show a report (not the page's first load).
import '../report-texts';
import { reportSections, sectionColumns, showsVerdict, type ReportSection } from '../report-rows';
import { IdentityLink } from './identity-link';
import { CredentialDownload, StatusLine } from './report-proof';
import { verifyPath } from '../page-mode';
// With the preview's chunk: the tables, their card form on a phone, the verdict's band.
import './report-preview.css';

/**
 * How each verdict looks: the icon of its status (as the back office's status shows it:
 * `lib/verdict.ts`) in its colour, and the text's colour, Cloudscape's status colours.
 */
const verdictLook: Record<
  ReportVerdict,
  { icon: IconProps.Name; variant: IconProps.Variant; color: BoxProps.Color }
> = {
  pass: { icon: 'status-positive', variant: 'success', color: 'text-status-success' },
  fail: { icon: 'status-negative', variant: 'error', color: 'text-status-error' },
  incomplete: { icon: 'status-warning', variant: 'warning', color: 'text-status-warning' },
  untested: { icon: 'status-stopped', variant: 'subtle', color: 'text-status-inactive' },
};

/** The overall verdict, large enough to be the first thing read. */
export function VerdictIndicator({ verdict }: { verdict: ReportVerdict }) {
  const { t } = useText();
  const look = verdictLook[verdict];
  return (
    <div
      className={`report-verdict report-verdict--${verdict}`}
      data-testid="report-verdict"
      data-verdict={verdict}
    >
      <Box variant="awsui-key-label">{t('report.verdict')}</Box>
      <div className="report-verdict__value">
        <Icon name={look.icon} variant={look.variant} size="medium" />
        <Box fontSize="heading-l" fontWeight="bold" color={look.color}>
          {t(`report.verdicts.${verdict}`)}
        </Box>
      </div>
    </div>
  );
}

const sectionLabels = {
  required: 'reportCenter.preview.testsLabel',
  other: 'reportCenter.preview.otherResultsLabel',
  results: 'report.results',
} as const satisfies Record<ReportSection['kind'], ReportCenterKey>;

/**
 * One table of tests, five columns wide so it fits the page beside a desktop's margins: the
 * requirement with its method under it, the limit (when any row has one), the measured
 * value with its unit, the outcome, and when it was tested with the bench and operator
 * under it. A required test without a result yet says so in its outcome.
 *
 * Where the table has less room than it needs (a phone, from 320 px wide: its box narrower
 * than 700 px, report-preview.css), each test becomes a card of its own: its name and method
 * on top, then limit, measured value, result and date, each under its label. The labels are
 * in every cell and only shown there, so the phone costs no script of its own.
 */
function TestsTable({ section }: { section: ReportSection }) {
  const { t, language } = useText();
  const none = '—';
  const columns = sectionColumns(section.rows);
  const measured = (result: ReportTestResult) =>
    result.value === null
      ? none
      : t('reportCenter.preview.resultValue', {
          value: formatDecimal(result.value, language),
          unit: result.unit ?? '',
        }).trim();
  const detail = (label: ReportCenterKey, value: string) => (
    <div className="report-table__detail">
      {label === 'report.method' ? value : `${t(label)}: ${value}`}
    </div>
  );
  // A card's label of a cell: the column's header says it in the table form.
  const cardLabel = (label: ReportCenterKey) => (
    <span className="report-table__label">{t(label)}</span>
  );
  return (
    // Scrolls sideways if a table form ever outgrows its box; focusable so a keyboard can too.
    <div
      className="report-table-scroll"
      role="region"
      aria-label={t(sectionLabels[section.kind])}
      tabIndex={0}
    >
      <table
        className={columns.limit ? 'report-table' : 'report-table report-table--no-limit'}
        // `report-results` without a plan, as before plans; `report-tests-required`, `-other`.
        data-testid={section.kind === 'results' ? 'report-results' : `report-tests-${section.kind}`}
      >
        <thead>
          <tr>
            <th scope="col">
              {t('report.testName')}
              {columns.method && <div className="report-table__detail">{t('report.method')}</div>}
            </th>
            {columns.limit && <th scope="col">{t('report.limit')}</th>}
            <th scope="col">{t('report.value')}</th>
            <th scope="col">{t('report.result')}</th>
            <th scope="col">
              {t('report.testedAt')}
              <div className="report-table__detail">
                {columns.operator
                  ? `${t('report.machine')} · ${t('report.operator')}`
                  : t('report.machine')}
              </div>
            </th>
          </tr>
        </thead>
        <tbody>
          {section.rows.map(({ testName, displayName, method, limit, result }) => (
            <tr key={testName} data-outcome={result?.result ?? 'missing'}>
              <th scope="row" className="report-table__wrap" data-cell="test">
                {/* The name in the report's language where the plan gives one (as the PDF). */}
                {displayName || testName}
                {columns.method && method && detail('report.method', method)}
              </th>
              {columns.limit && (
                <td className="report-table__number" data-cell="limit">
                  {cardLabel('report.limit')}
                  {(limit && formatLimit(limit)) || none}
                </td>
              )}
              <td className="report-table__number" data-cell="value">
                {cardLabel('report.value')}
                {result ? measured(result) : none}
              </td>
              <td data-cell="result">
                {cardLabel('report.result')}
                {result ? (
                  <StatusIndicator type={outcomeStatus[result.result]}>
                    {t(`report.outcomes.${result.result}`)}
                  </StatusIndicator>
                ) : (
                  <StatusIndicator type={outcomeStatus.missing}>
                    {t('report.notYetTested')}
                  </StatusIndicator>
                )}
              </td>
              <td data-cell="tested">
                {cardLabel('report.testedAt')}
                {result ? (
                  <>
                    <span className="report-table__when">
                      {formatDateTime(result.testedAt, language) ?? result.testedAt}
                    </span>
                    {result.enteredBy ? (
                      // An uploaded result: who entered it for which bench, as the PDF says.
                      <div className="report-table__detail">
                        {t('report.enteredBy', { name: result.enteredBy, bench: result.machineId })}
                      </div>
                    ) : (
                      detail('report.machine', result.machineId)
                    )}
                    {columns.operator && detail('report.operator', result.operator ?? none)}
                  </>
                ) : (
                  none
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Test plan version 2 approved by Chen (Staff member) on …": who stands behind the
 * requirement; the role alone when the name is empty or only a role's word (as the PDF).
 */
function PlanApproval({ plan }: { plan: ReportPlan }) {
  const { t, language } = useText();
  const role = plan.approvedBy.role;
  const roleKey = role === 'admin' || role === 'staff' ? (`report.roles.${role}` as const) : null;
  const name = approverName(plan.approvedBy.name, [
    role,
    ...(roleKey ? (['en', 'zh'] as const).map((other) => translate(other, roleKey)) : []),
  ]);
  const params = {
    version: plan.version,
    role: roleKey ? t(roleKey) : role,
    date: formatDateTime(plan.approvedAt, language) ?? plan.approvedAt,
  };
  return (
    <Box color="text-body-secondary" data-testid="report-plan">
      {name === null
        ? t('report.planApprovalRole', params)
        : t('report.planApproval', { ...params, name })}
    </Box>
  );
}

/**
 * The report as the PDF has it: number, dates, the unit and every specification of its
 * product, the verdict, the tests (with a plan: each required test with its method,
 * limit, value and outcome, then the other results) and who approved the plan; with the
 * PDF link and where the mail went. Its top reads first on a phone: the PDF link beside
 * the title, the verdict, the unit's serial, product and material, then the rest.
 */
export function ReportPreview({ report }: { report: ReportRequestCreated }) {
  const { t, language } = useText();
  const heading = useRef<HTMLDivElement>(null);
  const { product } = report;
  const sections = reportSections(report);
  const none = '—';
  const pressure = (value: number | null) =>
    value === null
      ? t('report.notOffered')
      : t('reportCenter.preview.pressure', { value: formatDecimal(value, language) });
  // The unit's body material and its rating ("WCB (cast steel), rated 25 bar"), when recorded.
  const material = report.bodyMaterial
    ? typeof report.pressureRating === 'number'
      ? t('report.materialRating', {
          material: t(`report.materials.${report.bodyMaterial}`),
          rating: pressure(report.pressureRating),
        })
      : t(`report.materials.${report.bodyMaterial}`)
    : undefined;

  // A new report comes into view and takes the focus, so it is seen and read out.
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [report.id]);

  return (
    <section aria-labelledby="report-preview-title" data-testid="report-preview">
      <Container
        header={
          <div ref={heading} tabIndex={-1} className="report-preview__heading">
            <Header
              variant="h2"
              description={report.reportNumber}
              actions={
                <Button
                  variant="primary"
                  href={report.pdfUrl}
                  target="_blank"
                  rel="noopener"
                  iconName="external"
                  iconAlign="right"
                  ariaLabel={`${t('reportCenter.preview.viewPdf')}, ${t('reportCenter.preview.opensInNewTab')}`}
                  data-testid="report-pdf-link"
                >
                  {t('reportCenter.preview.viewPdf')}
                </Button>
              }
            >
              <span id="report-preview-title">{t('report.title')}</span>
            </Header>
          </div>
        }
      >
        <SpaceBetween size="l">
          {/* What a visitor came for first, also on a phone's first screen (the QR code on
              the nameplate): the verdict, then which unit it is (serial, product, material). */}
          {showsVerdict(report) && <VerdictIndicator verdict={report.verdict} />}
          <KeyValuePairs
            columns={3}
            data-testid="report-facts"
            items={[
              { label: t('report.serialNumber'), value: report.serialNumber },
              { label: t('report.product'), value: product.name },
              ...(material
                ? [
                    {
                      label: t('report.bodyMaterial'),
                      value: <span data-testid="report-material">{material}</span>,
                    },
                  ]
                : []),
              {
                label: t('report.productionDate'),
                value: formatCalendarDate(report.productionDate, language) ?? report.productionDate,
              },
              { label: t('report.reportNumber'), value: report.reportNumber },
              {
                label: t('report.issueDate'),
                value: formatDateTime(report.issuedAt, language) ?? report.issuedAt,
              },
            ]}
          />
          <Alert
            type="success"
            statusIconAriaLabel={t('toast.success')}
            data-testid="report-sent-note"
          >
            {t('reportCenter.preview.sentTo', { email: report.email })}{' '}
            {t('reportCenter.preview.pdfAvailableUntil', {
              date: formatDateTime(report.pdfExpiresAt, language) ?? report.pdfExpiresAt,
            })}
          </Alert>
          <SpaceBetween size="s">
            <Header variant="h3">{t('report.specifications')}</Header>
            <KeyValuePairs
              columns={3}
              data-testid="report-specifications"
              items={[
                { label: t('product.fields.name'), value: product.name },
                {
                  label: t('report.temperatureRange'),
                  value: t('reportCenter.preview.temperatureRange', {
                    min: formatDecimal(product.temperatureMin, language),
                    max: formatDecimal(product.temperatureMax, language),
                  }),
                },
                { label: t('product.fields.fluid'), value: t(`product.fluids.${product.fluid}`) },
                { label: t('product.fields.connection'), value: product.connection },
                { label: t('product.fields.pressureFC'), value: pressure(product.pressureFC) },
                { label: t('product.fields.pressureWCB'), value: pressure(product.pressureWCB) },
                { label: t('product.fields.pressureSUS'), value: pressure(product.pressureSUS) },
                { label: t('product.fields.application'), value: product.application ?? none },
                {
                  label: t('product.fields.applicationMedium'),
                  value: product.applicationMedium ?? none,
                },
              ]}
            />
          </SpaceBetween>
          {sections.length > 0 ? (
            sections.map((section) => (
              <SpaceBetween size="s" key={section.kind}>
                <Header variant="h3">
                  {section.kind === 'required' && report.plan
                    ? t('report.requiredTests', { version: report.plan.version })
                    : t(section.kind === 'other' ? 'report.otherResults' : 'report.results')}
                </Header>
                <TestsTable section={section} />
              </SpaceBetween>
            ))
          ) : (
            <SpaceBetween size="s">
              <Header variant="h3">{t('report.results')}</Header>
              <Box color="text-body-secondary" data-testid="report-no-results">
                {t('report.noResults')}
              </Box>
            </SpaceBetween>
          )}
          {report.plan && <PlanApproval plan={report.plan} />}
          <Box color="text-body-secondary" fontSize="body-s">
            {t('report.resultsRelate')}
          </Box>
          {report.identityLink && <IdentityLink url={report.identityLink} />}
          <Box color="text-body-secondary" fontSize="body-s">
            <SpaceBetween size="xs" direction="horizontal">
              <span>
                <RichText
                  text={t('reportCenter.preview.fingerprint', { fingerprint: report.fingerprint })}
                  tags={{ code: (text) => <span className="report-fingerprint">{text}</span> }}
                />
              </span>
              <Link href={verifyPath(report.reportNumber)} fontSize="body-s">
                {t('reportCenter.preview.verifyLink')}
              </Link>
            </SpaceBetween>
          </Box>
          {/* What the PDF proves by itself, and its machine-readable twin. */}
          <SpaceBetween size="s">
            <StatusLine
              type={report.signature.timestamped ? 'success' : 'warning'}
              testId="report-signature"
              data={{ timestamped: String(report.signature.timestamped) }}
            >
              {t(
                report.signature.timestamped
                  ? 'reportProof.preview.signed'
                  : 'reportProof.preview.signedNoTimestamp',
              )}
            </StatusLine>
            <CredentialDownload
              url={report.credentialUrl}
              reportNumber={report.reportNumber}
              testId="report-credential-link"
            />
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </section>
  );
}
