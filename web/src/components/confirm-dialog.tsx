import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

export interface ConfirmModalProps {
  title: string;
  /** The question, as a paragraph. */
  children: ReactNode;
  /** Fields beneath the question that the action takes (a role to grant). */
  fields?: ReactNode;
  confirmLabel: string;
  /** The confirm button is off (the fields do not allow the action yet). */
  confirmDisabled?: boolean;
  /** Does the work; a thrown ApiError is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** Test hooks: `<testId>`, `<testId>-confirm`, `<testId>-cancel`, `<testId>-error`. */
  testId: string;
}

/** The dialog of {@link ConfirmModal} (./confirm-modal.tsx), fetched when one first opens. */
export default function ConfirmDialog({
  title,
  children,
  fields,
  confirmLabel,
  confirmDisabled = false,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  async function handleConfirm() {
    if (submitting || confirmDisabled) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.internal'));
      setSubmitting(false);
    }
  }

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('common.close')}
      header={title}
      data-testid={testId}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid={`${testId}-cancel`}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={submitting}
              disabled={confirmDisabled}
              onClick={() => void handleConfirm()}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{children}</Box>
        {fields}
        {error && (
          <Alert type="error" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
