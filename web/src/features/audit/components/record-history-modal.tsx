import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordHistoryProps } from './history-entries';
import { LazyHistoryEntries } from './lazy-history-entries';

interface RecordHistoryModalProps extends RecordHistoryProps {
  /** The record as people name it, e.g. the account's name. */
  name: string;
  onClose: () => void;
}

/** A record's history in a dialog, for records without a page of their own (staff accounts). */
export function RecordHistoryModal({
  name,
  onClose,
  entity,
  id,
  ...props
}: RecordHistoryModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      size="x-large"
      // "Load more" grows the dialog downward instead of moving it.
      position="top"
      onDismiss={onClose}
      closeAriaLabel={t('audit.history.close')}
      header={t('audit.history.modalTitle', { name })}
      data-testid="history-modal"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose} data-testid="history-modal-close">
            {t('audit.history.close')}
          </Button>
        </Box>
      }
    >
      <Suspense
        fallback={<StatusIndicator type="loading">{t('audit.history.loading')}</StatusIndicator>}
      >
        <LazyHistoryEntries subject={{ entity, id }} {...props} />
      </Suspense>
    </Modal>
  );
}
