import FormField from '@cloudscape-design/components/form-field';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import BulkRunDialog from '../../../components/bulk/bulk-run-dialog';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { voidResult } from '../api';
import { voidReasonProblem } from '../unit-format';

export interface BulkVoidModalProps {
  /** The selected results not voided yet. */
  results: readonly TestResult[];
  /** Selected results voided already: left as they are. */
  skipped: number;
  onFinished: (result: { changed: number; failed: number }) => void;
  onClose: () => void;
}

/**
 * Voids several results with one reason (the machine data list): each through `POST
 * /api/machine-data/{id}/void` as one void is, so each is audited in its unit's history and
 * checked on its own (one voided meanwhile is reported, the others are voided). The reason
 * is checked with the route's own schema before anything is sent.
 */
export default function BulkVoidDialog({
  results,
  skipped,
  onFinished,
  onClose,
}: BulkVoidModalProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const count = results.length;
  const problem = tried ? voidReasonProblem(reason) : undefined;

  return (
    <BulkRunDialog
      title={t('bulk.void.title', { count })}
      confirmLabel={t('bulk.void.confirm', { count })}
      items={results}
      itemName={(result) =>
        `${result.serialNumber} ${result.testName} (${formatDateTime(result.testedAt, language) ?? result.testedAt})`
      }
      ready={() => voidReasonProblem(reason) === undefined}
      onAttempt={() => setTried(true)}
      run={(result) => voidResult(result.id, { reason })}
      onFinished={onFinished}
      onClose={onClose}
      testId="bulk-void"
      fields={
        <FormField
          label={t('unit.void.reason')}
          constraintText={t('unit.void.reasonHint')}
          errorText={problem ? t(problem.key, problem.params ?? {}) : undefined}
          i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
        >
          <Textarea
            value={reason}
            rows={3}
            invalid={Boolean(problem)}
            placeholder={t('unit.void.reasonPlaceholder')}
            onChange={({ detail }) => setReason(detail.value)}
            data-testid="bulk-void-reason"
          />
        </FormField>
      }
    >
      {t('bulk.void.body', { count })} {t('unit.void.explanation')}
      {skipped > 0 && ` ${t('bulk.void.skipped', { count: skipped })}`}
    </BulkRunDialog>
  );
}
