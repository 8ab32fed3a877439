import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { fetchLabelPart } from '../api';
import { labelSelection } from '../label-selection';
import { LabelRunDialog } from './label-run-dialog';

/**
 * "Print labels" of a serial range: the units from–to (the whole range, a part of it, or
 * one unit), then the run's format and parts (label-run-dialog.tsx). Given a `serial` (a
 * unit's page), it starts with that one unit chosen.
 */
export function PrintLabelsModal({
  range,
  productName,
  serial,
  onClose,
}: {
  range: Pick<SerialRange, 'id' | 'startSerial' | 'endSerial'>;
  productName: string;
  serial?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(serial ?? range.startSerial);
  const [to, setTo] = useState(serial ?? range.endSerial);
  const { count, fromInvalid, toInvalid } = labelSelection(range, from, to);

  return (
    <LabelRunDialog
      header={t('labels.title', { start: range.startSerial, end: range.endSerial })}
      testId="labels"
      description={t('labels.description', { product: productName })}
      count={count}
      fetchPart={(query, signal) => fetchLabelPart(range.id, { from, to, ...query }, signal)}
      onClose={onClose}
      fields={(running) => [
        <FormField
          key="from"
          label={t('labels.from')}
          errorText={fromInvalid ? t('labels.outside') : undefined}
        >
          <Input
            value={from}
            invalid={fromInvalid}
            disabled={running}
            onChange={({ detail }) => setFrom(detail.value)}
            data-testid="labels-from"
          />
        </FormField>,
        <FormField
          key="to"
          label={t('labels.to')}
          constraintText={t('labels.oneUnitHint')}
          errorText={toInvalid ? t('labels.outside') : undefined}
        >
          <Input
            value={to}
            invalid={toInvalid}
            disabled={running}
            onChange={({ detail }) => setTo(detail.value)}
            data-testid="labels-to"
          />
        </FormField>,
      ]}
    />
  );
}
