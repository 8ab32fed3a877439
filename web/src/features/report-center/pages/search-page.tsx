import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, useState } from 'react';
import type { ReportRequestCreated } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { loadReportResult, ReportRequestForm } from '../components/report-request-form';
import { useText } from '../i18n';
import { useDocumentTitle } from '../../../light/use-document-title';

const ReportResult = lazy(loadReportResult);

export interface SearchPageProps {
  /** From `?serial=` (a QR code on the nameplate). */
  initialSerial: string;
  providerName: string;
  privacyPolicyUrl: string;
}

/**
 * The public Test Report Center: a visitor types a serial number and an email, gets
 * the report's preview here, the PDF by link, and the same report by email.
 */
export function SearchPage({ initialSerial, providerName, privacyPolicyUrl }: SearchPageProps) {
  const { t } = useText();
  const [report, setReport] = useState<ReportRequestCreated>();
  useDocumentTitle(t('reportCenter.pageTitle'));

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('reportCenter.description')}>
        {t('reportCenter.title')}
      </Header>
      <ReportRequestForm
        initialSerial={initialSerial}
        providerName={providerName}
        privacyPolicyUrl={privacyPolicyUrl}
        onCreated={setReport}
      />
      {report && (
        <Suspense>
          <ReportResult report={report} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
