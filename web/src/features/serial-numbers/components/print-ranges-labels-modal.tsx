import { useTranslation } from 'react-i18next';
import {
  maxLabelRunLabels,
  maxLabelRunRanges,
} from '../../../../../lambdas/shared/contract/labels';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { fetchLabelRunPart } from '../api';
import { LabelRunDialog } from './label-run-dialog';

export interface PrintRangesLabelsModalProps {
  /** The selected ranges, printed in serial order. */
  ranges: readonly SerialRange[];
  onClose: () => void;
}

/**
 * "Print labels" of the selected ranges (Serial Numbers page, docs/web-app.md "Actions on
 * many rows"): every unit of each range in one run, one range after another on the same
 * sheets, in parts fetched one after another (as one range's run, label-run-dialog.tsx).
 * The run's bounds (ranges, labels) are the contract's: a selection beyond them is named
 * before anything is asked for.
 */
export default function PrintRangesLabelsModal({ ranges, onClose }: PrintRangesLabelsModalProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const ordered = [...ranges].sort((a, b) => a.startSerial.localeCompare(b.startSerial));
  const count = ordered.reduce((sum, range) => sum + range.totalUnits, 0);
  const bound =
    ordered.length > maxLabelRunRanges
      ? t('errors.labelRunRanges', { max: maxLabelRunRanges })
      : count > maxLabelRunLabels
        ? t('errors.labelRunTooLarge', {
            max: formatNumber(maxLabelRunLabels, language),
            count: formatNumber(count, language),
          })
        : undefined;
  const ids = ordered.map((range) => range.id);

  return (
    <LabelRunDialog
      header={t('bulk.labels.title', { count: ordered.length })}
      testId="bulk-labels"
      description={t('bulk.labels.description', {
        ranges: ordered
          .map((range) => `${range.startSerial} – ${range.endSerial}`)
          .join(t('common.listSeparator')),
      })}
      count={count}
      refusal={bound}
      fetchPart={(query, signal) => fetchLabelRunPart(ids, query, signal)}
      onClose={onClose}
    />
  );
}
