import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type {
  SerialRange,
  SerialRangeDetail,
} from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useApiQuery, type ApiQueryState } from '../../../lib/use-api-query';
import { deleteSerialRange, parseSerialRange, serialRangePath } from '../api';

/** Whether the range's units hold test results or issued reports: then it cannot be deleted. */
export const rangeHoldsData = (detail: Pick<SerialRangeDetail, 'resultCount' | 'reportCount'>) =>
  detail.resultCount > 0 || detail.reportCount > 0;

/**
 * Whether the dialog's confirm is off: while it reads what the range holds, and when the
 * range holds data. A failed read leaves it on: the API checks again when asked to delete.
 */
export const rangeDeleteBlocked = (detail: ApiQueryState<SerialRangeDetail>) =>
  detail.status === 'loading' || (detail.status === 'success' && rangeHoldsData(detail.data));

/**
 * What the delete dialog says, from `GET /api/serial-numbers/{id}`: what deleting removes,
 * or that the range's units hold data and it cannot be deleted.
 */
export function RangeDeletionText({
  range,
  productName,
  detail,
}: {
  range: SerialRange;
  productName: string;
  detail: ApiQueryState<SerialRangeDetail>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (detail.status === 'loading') {
    return <StatusIndicator type="loading">{t('serialNumbers.delete.checking')}</StatusIndicator>;
  }
  if (detail.status === 'error') {
    // Not known: the question as before; the API refuses a range holding data all the same.
    return t('serialNumbers.delete.body', {
      start: range.startSerial,
      end: range.endSerial,
      product: productName,
    });
  }
  const { data } = detail;
  if (rangeHoldsData(data)) {
    return (
      <span data-testid="serial-delete-holds-data">
        <StatusIndicator type="warning">
          {t('serialNumbers.delete.holdsData', {
            reason: t('errors.rangeHoldsData', {
              results: data.resultCount,
              reports: data.reportCount,
            }),
          })}
        </StatusIndicator>
      </span>
    );
  }
  return (
    <span data-testid="serial-delete-removes">
      {t('serialNumbers.delete.removes', {
        start: data.startSerial,
        end: data.endSerial,
        product: productName,
        count: data.totalUnits,
        units: formatNumber(data.totalUnits, language),
      })}
    </span>
  );
}

/**
 * Asks before deleting a serial number range: reads what its units hold when it opens and
 * says what deleting removes, or that it cannot be deleted (confirm off). A refusal of the
 * API still shows in the dialog.
 */
export function DeleteSerialRangeModal({
  range,
  productName,
  onClose,
  onDeleted,
}: {
  range: SerialRange;
  productName: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const detail = useApiQuery(serialRangePath(range.id), parseSerialRange);
  const names = { start: range.startSerial, end: range.endSerial, product: productName };
  return (
    <ConfirmModal
      testId="serial-delete-modal"
      title={t('serialNumbers.delete.title', names)}
      confirmLabel={t('serialNumbers.delete.confirm')}
      confirmDisabled={rangeDeleteBlocked(detail)}
      onClose={onClose}
      onConfirm={async () => {
        await deleteSerialRange(range.id);
        showToast({ type: 'success', content: t('serialNumbers.delete.done', names) });
        onDeleted();
      }}
    >
      <RangeDeletionText range={range} productName={productName} detail={detail} />
    </ConfirmModal>
  );
}
