import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReportVerification } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { formatDateTime } from '../../../lib/format';
import { useText, type ReportCenterKey } from '../i18n';
// The report's labels come with the chunks that show a report (not the page's first load).
import '../report-texts';
import { serialSearchPath } from '../page-mode';

/**
 * Where a verified report stands, and what its reader should know since it was issued
 * (ISO/IEC 17025 7.8.8: the report stays valid as issued, a new one says more), each with
 * the way to a new report: newer results reached the unit, a result it shows was voided, a
 * later report of the unit states another verdict. The answer's `standing` says the same as
 * the dated notices: it has a notice of its own only where none of them says it (a current
 * report; a standing whose date the answer lacks).
 */
export function VerifyNotices({ report }: { report: ReportVerification }) {
  const { t, language } = useText();
  const date = (value: string) => formatDateTime(value, language) ?? value;
  const notices: { testId: string; buttonTestId: string; header: string }[] = [];
  if (report.standing === 'current' && !report.laterVerdict) {
    return (
      <div data-standing="current">
        <Alert
          type="success"
          statusIconAriaLabel={t('toast.success')}
          header={t('reportProof.verify.current')}
          data-testid="verify-current"
        >
          {t('reportProof.verify.currentDetail')}
        </Alert>
      </div>
    );
  }
  if (report.newerResultsSince) {
    notices.push({
      testId: 'verify-superseded',
      buttonTestId: 'verify-request-new',
      header: t('report.newerResults', { date: date(report.newerResultsSince) }),
    });
  }
  if (report.voidedSince) {
    notices.push({
      testId: 'verify-voided',
      buttonTestId: 'verify-request-new-voided',
      header: t('report.voidedSince', { date: date(report.voidedSince) }),
    });
  }
  // The standing without the date that says it (an answer that has no date for it).
  if (report.standing === 'superseded' && !report.newerResultsSince && !report.laterVerdict) {
    notices.push({
      testId: 'verify-superseded',
      buttonTestId: 'verify-request-new',
      header: t('reportProof.verify.superseded'),
    });
  }
  if (report.standing === 'voided' && !report.voidedSince) {
    notices.push({
      testId: 'verify-voided',
      buttonTestId: 'verify-request-new-voided',
      header: t('reportProof.verify.voided'),
    });
  }
  if (report.laterVerdict) {
    const verdictKey: ReportCenterKey = `report.verdicts.${report.laterVerdict.verdict}`;
    notices.push({
      testId: 'verify-later-verdict',
      buttonTestId: 'verify-request-new-later',
      header: t('report.laterVerdict', {
        reportNumber: report.laterVerdict.reportNumber,
        date: date(report.laterVerdict.issuedAt),
        verdict: t(verdictKey),
      }),
    });
  }
  if (notices.length === 0) return null;
  return (
    <SpaceBetween size="s" data-standing={report.standing}>
      {notices.map((notice) => (
        <Alert
          key={notice.testId}
          type="warning"
          statusIconAriaLabel={t('toast.warning')}
          header={notice.header}
          action={
            <Button href={serialSearchPath(report.serialNumber)} data-testid={notice.buttonTestId}>
              {t('reportCenter.verify.requestNew')}
            </Button>
          }
          data-testid={notice.testId}
        >
          {t('reportCenter.verify.stillGenuine')}
        </Alert>
      ))}
    </SpaceBetween>
  );
}
