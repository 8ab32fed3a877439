import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea, { type TextareaProps } from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { voidResult } from '../api';
import { measuredText, voidReasonProblem } from '../unit-format';

export interface VoidResultModalProps {
  /** The result to void (not voided yet). */
  result: TestResult;
  onClose: () => void;
  /** The API voided it: the result as it is now. The caller closes the dialog. */
  onVoided: (result: TestResult) => void;
}

/**
 * "Void this result?": which result, what a void does, and the reason, checked with the
 * API's own schema (shown after the first try, then live). Sent once; an answer the API
 * refuses (already voided, gone) is shown in the dialog, which stays open.
 */
export default function VoidResultDialog({ result, onClose, onVoided }: VoidResultModalProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverReason, setServerReason] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const field = useRef<TextareaProps.Ref>(null);

  const problem = submitted ? voidReasonProblem(reason) : undefined;
  const reasonError = problem ? t(problem.key, problem.params ?? {}) : serverReason;

  async function confirm() {
    if (submitting) return;
    setSubmitted(true);
    setFailure(undefined);
    if (voidReasonProblem(reason)) {
      field.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onVoided(await voidResult(result.id, { reason }));
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.fields.reason) {
        setServerReason(error.fields.reason);
        field.current?.focus();
      } else {
        setFailure(error instanceof ApiError ? error.message : t('errors.internal'));
      }
    }
  }

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('common.close')}
      header={t('unit.void.title')}
      data-testid="void-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="void-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={submitting}
              onClick={() => void confirm()}
              data-testid="void-confirm"
            >
              {t('unit.void.confirm')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <SpaceBetween size="m">
          <Box variant="p" data-testid="void-summary">
            {t('unit.void.body', {
              test: result.testName,
              serial: result.serialNumber,
              date: formatDateTime(result.testedAt, language) ?? result.testedAt,
              outcome: t(`report.outcomes.${result.result}`),
              value: measuredText(result, t, language),
            })}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {t('unit.void.explanation')}
          </Box>
          <FormField
            label={t('unit.void.reason')}
            constraintText={t('unit.void.reasonHint')}
            errorText={reasonError}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
          >
            <Textarea
              ref={field}
              value={reason}
              rows={3}
              invalid={Boolean(reasonError)}
              placeholder={t('unit.void.reasonPlaceholder')}
              onChange={({ detail }) => {
                setReason(detail.value);
                setServerReason(undefined);
              }}
              data-testid="void-reason"
            />
          </FormField>
          {failure && (
            <Alert type="error" statusIconAriaLabel={t('toast.error')} data-testid="void-error">
              {failure}
            </Alert>
          )}
        </SpaceBetween>
      </form>
    </Modal>
  );
}
