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
import { RichText, useText, type ReportCenterKey } from '../i18n';
// The report's labels come with the chunks that show a report (not the page's first load).
import '../report-texts';
import { reportSections, sectionColumns, showsVerdict, type ReportSection } from '../report-rows';
import { IdentityLink } from './identity-link';
import { verifyPath } from '../page-mode';

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
 * under it. A required test without a result yet says so in its outcome. On a phone the
 * table scrolls sideways.
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
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <div
      className="report-table-scroll"
      role="region"
      aria-label={t(sectionLabels[section.kind])}
      tabIndex={0}
    >
      <table
        className="report-table"
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
          {section.rows.map(({ testName, method, limit, result }) => (
            <tr key={testName} data-outcome={result?.result ?? 'missing'}>
              <th scope="row" className="report-table__wrap">
                {testName}
                {columns.method && method && detail('report.method', method)}
              </th>
              {columns.limit && (
                <td className="report-table__number">{(limit && formatLimit(limit)) || none}</td>
              )}
              <td className="report-table__number">{result ? measured(result) : none}</td>
              <td>
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
              <td>
                {result ? (
                  <>
                    {formatDateTime(result.testedAt, language) ?? result.testedAt}
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

/** "Test plan version 2 approved by Chen (Staff member) on …": who stands behind the requirement. */
function PlanApproval({ plan }: { plan: ReportPlan }) {
  const { t, language } = useText();
  const role = plan.approvedBy.role;
  return (
    <Box color="text-body-secondary" data-testid="report-plan">
      {t('report.planApproval', {
        version: plan.version,
        name: plan.approvedBy.name,
        role: role === 'admin' || role === 'staff' ? t(`report.roles.${role}`) : role,
        date: formatDateTime(plan.approvedAt, language) ?? plan.approvedAt,
      })}
    </Box>
  );
}

/**
 * The report as the PDF has it: number, dates, the unit and every specification of its
 * product, the verdict, the tests (with a plan: each required test with its method,
 * limit, value and outcome, then the other results) and who approved the plan; with the
 * PDF link and where the mail went.
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
          {showsVerdict(report) && <VerdictIndicator verdict={report.verdict} />}
          <KeyValuePairs
            columns={3}
            data-testid="report-facts"
            items={[
              { label: t('report.reportNumber'), value: report.reportNumber },
              {
                label: t('report.issueDate'),
                value: formatDateTime(report.issuedAt, language) ?? report.issuedAt,
              },
              { label: t('report.serialNumber'), value: report.serialNumber },
              { label: t('report.product'), value: product.name },
              {
                label: t('report.productionDate'),
                value: formatCalendarDate(report.productionDate, language) ?? report.productionDate,
              },
              ...(material
                ? [
                    {
                      label: t('report.bodyMaterial'),
                      value: <span data-testid="report-material">{material}</span>,
                    },
                  ]
                : []),
            ]}
          />
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
        </SpaceBetween>
      </Container>
    </section>
  );
}
