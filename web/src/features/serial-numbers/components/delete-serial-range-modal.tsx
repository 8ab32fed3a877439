import { useTranslation } from 'react-i18next';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { deleteSerialRange } from '../api';

/** Asks before deleting a serial number range, naming it and its product. */
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
  const names = { start: range.startSerial, end: range.endSerial, product: productName };
  return (
    <ConfirmModal
      testId="serial-delete-modal"
      title={t('serialNumbers.delete.title', names)}
      confirmLabel={t('serialNumbers.delete.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteSerialRange(range.id);
        showToast({ type: 'success', content: t('serialNumbers.delete.done', names) });
        onDeleted();
      }}
    >
      {t('serialNumbers.delete.body', names)}
    </ConfirmModal>
  );
}
