import StatusIndicator, {
  type StatusIndicatorProps,
} from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '../../../lambdas/shared/contract/schemas/report-request';

const indicator: Record<DeliveryStatus, StatusIndicatorProps.Type> = {
  pending: 'pending',
  sending: 'in-progress',
  sent: 'success',
  failed: 'error',
  // No report was issued: the unit's verdict is not one a visitor may receive.
  withheld: 'stopped',
};

/** Where a report request's mail stands (pending, sending, sent, failed, withheld), as a status. */
export function DeliveryStatusIndicator({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    // One line in a table cell: a status is a word or two ("已寄出" stays whole).
    <StatusIndicator type={indicator[status]} wrapText={false}>
      {t(`deliveryStatus.${status}`)}
    </StatusIndicator>
  );
}
