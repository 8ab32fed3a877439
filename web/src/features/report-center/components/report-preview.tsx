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
  ReportRequestCreated,
  ReportTestResult,
  ReportVerdict,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { formatCalendarDate, formatDateTime, formatDecimal } from '../../../lib/format';
import { RichText, useText } from '../i18n';
import { IdentityLink } from './identity-link';
import { verifyPath } from '../page-mode';

/** How each verdict looks: icon, its colour and the text's colour (Cloudscape's status colours). */
const verdictLook: Record<
  ReportVerdict,
  { icon: IconProps.Name; variant: IconProps.Variant; color: BoxProps.Color }
> = {
  pass: { icon: 'status-positive', variant: 'success', color: 'text-status-success' },
  fail: { icon: 'status-negative', variant: 'error', color: 'text-status-error' },
  untested: { icon: 'status-stopped', variant: 'subtle', color: 'text-status-inactive' },
};

/** The overall verdict, large enough to be the first thing read. */
export function VerdictIndicator({ verdict }: { verdict: ReportVerdict }) {
  const { t } = useText();
  const look = verdictLook[verdict];
  return (
    <div className={`report-verdict report-verdict--${verdict}`} data-testid="report-verdict">
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

function ResultsTable({ results }: { results: ReportTestResult[] }) {
  const { t, language } = useText();
  const none = '—';
  const measured = (result: ReportTestResult) =>
    result.value === null
      ? none
      : t('reportCenter.preview.resultValue', {
          value: formatDecimal(result.value, language),
          unit: result.unit ?? '',
        }).trim();
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <div
      className="report-table-scroll"
      role="region"
      aria-label={t('report.results')}
      tabIndex={0}
    >
      <table className="report-table" data-testid="report-results">
        <thead>
          <tr>
            <th scope="col">{t('report.testName')}</th>
            <th scope="col">{t('report.result')}</th>
            <th scope="col">{t('report.value')}</th>
            <th scope="col">{t('report.testedAt')}</th>
            <th scope="col">{t('report.machine')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.testName}>
              <th scope="row">{result.testName}</th>
              <td>
                <StatusIndicator type={result.result === 'pass' ? 'success' : 'error'}>
                  {t(`report.outcomes.${result.result}`)}
                </StatusIndicator>
              </td>
              <td className="report-table__number">{measured(result)}</td>
              <td>{formatDateTime(result.testedAt, language) ?? result.testedAt}</td>
              <td>{result.machineId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The report as the PDF has it: number, dates, the unit and every specification of its
 * product, the latest test results and the verdict; with the PDF link and where the
 * mail went.
 */
export function ReportPreview({ report }: { report: ReportRequestCreated }) {
  const { t, language } = useText();
  const heading = useRef<HTMLDivElement>(null);
  const { product } = report;
  const none = '—';
  const pressure = (value: number | null) =>
    value === null
      ? t('report.notOffered')
      : t('reportCenter.preview.pressure', { value: formatDecimal(value, language) });

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
          <VerdictIndicator verdict={report.verdict} />
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
          <SpaceBetween size="s">
            <Header variant="h3">{t('report.results')}</Header>
            {report.results.length > 0 ? (
              <ResultsTable results={report.results} />
            ) : (
              <Box color="text-body-secondary" data-testid="report-no-results">
                {t('report.noResults')}
              </Box>
            )}
          </SpaceBetween>
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
