import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { ReportVerdict } from '../../../lambdas/shared/contract/schemas/report-request';
import { verdictStatus } from '../lib/verdict';

/**
 * A unit's verdict as a status (pass, fail, incomplete, not tested), each with its colour
 * and icon; null (a report from before verdicts were kept) as "Not recorded", plain.
 */
export function VerdictStatus({ verdict }: { verdict: ReportVerdict | null }) {
  const { t } = useTranslation();
  if (verdict === null) {
    return <span data-verdict="unknown">{t('verdict.unknown')}</span>;
  }
  return (
    <span data-verdict={verdict}>
      <StatusIndicator type={verdictStatus[verdict]}>{t(`verdict.${verdict}`)}</StatusIndicator>
    </span>
  );
}
