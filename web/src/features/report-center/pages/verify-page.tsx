import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import {
  reportNumberPattern,
  type ReportVerification,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { formatDateTime } from '../../../lib/format';
import { verdictStatus } from '../../../lib/verdict';
import { ReportCenterError } from '../api';
import { verifyReport } from '../verify-api';
import { FileCheck } from '../components/file-check';
import { VerifyNotices } from '../components/verify-notices';
import { CredentialDownload, SignatureStatus } from '../components/report-proof';
import { useText, type TextRef } from '../i18n';
// The report's labels come with the chunks that show a report (not the page's first load).
import '../report-texts';
import { searchPath } from '../page-mode';
import { useDocumentTitle } from '../../../light/use-document-title';
import { reportNumberAsTyped } from '../../../../../lambdas/shared/contract/report-number';

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; report: ReportVerification }
  | { state: 'failed'; message: TextRef };

const notFound: TextRef = { key: 'errors.reportNotFound' };

/**
 * `/search?verify=<report number>`: the public facts of an issued report (the PDF's QR
 * code leads here) and a check of a PDF file against its fingerprint.
 */
export default function VerifyPage({ reportNumber }: { reportNumber: string }) {
  if (!reportNumber) return <AskReportNumber />;
  return <VerifyReport reportNumber={reportNumber} />;
}

/**
 * `/search?verify=` without a number (a unit's gs1:verificationService link): the number
 * printed on the report is asked for, then verified as above.
 */
function AskReportNumber() {
  const { t } = useText();
  const [number, setNumber] = useState('');
  useDocumentTitle(t('reportCenter.verify.pageTitle'));
  const go = () => {
    const params = new URLSearchParams(window.location.search);
    params.set('verify', reportNumberAsTyped(number));
    window.location.search = params.toString();
  };
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('reportCenter.verify.askDescription')}>
        {t('reportCenter.verify.title')}
      </Header>
      <Container>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (number.trim()) go();
          }}
        >
          <SpaceBetween size="m" direction="horizontal" alignItems="end">
            <FormField label={t('report.reportNumber')}>
              <Input
                value={number}
                placeholder="TR-XXXXX-XXXXX"
                onChange={({ detail }) => setNumber(detail.value)}
                data-testid="verify-number"
              />
            </FormField>
            <Button variant="primary" formAction="submit" data-testid="verify-submit">
              {t('reportCenter.verify.submit')}
            </Button>
          </SpaceBetween>
        </form>
      </Container>
      <Link href={searchPath}>{t('reportCenter.verify.searchInstead')}</Link>
    </SpaceBetween>
  );
}

function VerifyReport({ reportNumber }: { reportNumber: string }) {
  const { t, language } = useText();
  // A number of the wrong form cannot exist: no need to ask.
  const wellFormed = reportNumberPattern.test(reportNumber);
  const [lookup, setLookup] = useState<Lookup>(
    wellFormed ? { state: 'loading' } : { state: 'failed', message: notFound },
  );
  useDocumentTitle(t('reportCenter.verify.pageTitle'));

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    verifyReport(reportNumber, controller.signal).then(
      (report) => setLookup({ state: 'found', report }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof ReportCenterError
            ? error.code === 'not-found'
              ? notFound
              : error.messageRef
            : { key: 'errors.internal' as const };
        setLookup({ state: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [reportNumber, wellFormed]);

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('reportCenter.verify.description')}>
        {t('reportCenter.verify.title')}
      </Header>
      {lookup.state === 'loading' && (
        <Container>
          <StatusIndicator type="loading">{t('reportCenter.verify.loading')}</StatusIndicator>
        </Container>
      )}
      {lookup.state === 'failed' && (
        <Alert
          type="error"
          statusIconAriaLabel={t('toast.error')}
          header={t(lookup.message.key, lookup.message.params ?? {})}
          data-testid="verify-failure"
        >
          {t('reportCenter.verify.numberLine', { number: reportNumber })}
        </Alert>
      )}
      {lookup.state === 'found' && (
        <Container
          header={<Header variant="h2">{t('reportCenter.verify.issuedReport')}</Header>}
          data-testid="verify-report"
        >
          <SpaceBetween size="l">
            <VerifyNotices report={lookup.report} />
            <KeyValuePairs
              columns={2}
              items={[
                { label: t('report.reportNumber'), value: lookup.report.reportNumber },
                { label: t('report.serialNumber'), value: lookup.report.serialNumber },
                { label: t('report.product'), value: lookup.report.productName },
                // The verdict the report states, as its banner shows it (none on reports
                // issued before verdicts were kept).
                ...(lookup.report.verdict
                  ? [
                      {
                        label: t('report.verdict'),
                        value: (
                          <StatusIndicator
                            type={verdictStatus[lookup.report.verdict]}
                            data-testid="verify-verdict"
                          >
                            {t(`report.verdicts.${lookup.report.verdict}`)}
                          </StatusIndicator>
                        ),
                      },
                    ]
                  : []),
                {
                  label: t('report.issueDate'),
                  value: formatDateTime(lookup.report.issuedAt, language) ?? lookup.report.issuedAt,
                },
                {
                  label: t('reportCenter.verify.language'),
                  value: t(`reportCenter.verify.languages.${lookup.report.language}`),
                },
              ]}
            />
            {/* On their own rows: 64 characters, or a sentence, do not fit a column on a phone. */}
            <KeyValuePairs
              columns={1}
              items={[
                {
                  label: t('reportProof.verify.signature'),
                  value: <SignatureStatus signature={lookup.report.signature} />,
                },
                {
                  label: t('report.fingerprint'),
                  value: (
                    <span className="report-fingerprint" data-testid="verify-fingerprint">
                      {lookup.report.fingerprint}
                    </span>
                  ),
                },
                ...(lookup.report.credentialUrl
                  ? [
                      {
                        label: t('reportProof.verify.credential'),
                        value: (
                          <CredentialDownload
                            url={lookup.report.credentialUrl}
                            reportNumber={lookup.report.reportNumber}
                            testId="verify-credential-link"
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <FileCheck
              expected={lookup.report.fingerprint}
              reportSigned={lookup.report.signature !== null}
            />
          </SpaceBetween>
        </Container>
      )}
      <Link href={searchPath}>{t('reportCenter.verify.searchInstead')}</Link>
    </SpaceBetween>
  );
}
