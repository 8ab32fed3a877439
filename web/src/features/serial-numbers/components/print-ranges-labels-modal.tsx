import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultLabelFormat,
  labelFormat,
  labelFormats,
  labelLayouts,
  labelPartCount,
  labelsPerPage,
  maxLabelRunLabels,
  maxLabelRunRanges,
  type LabelLayout,
} from '../../../../../lambdas/shared/contract/labels';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { fetchLabelRunPart } from '../api';

interface PartLink {
  url: string;
  fileName: string;
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; parts: number; files: PartLink[] }
  | { state: 'done'; files: PartLink[] }
  | { state: 'failed'; message: string; files: PartLink[] };

export interface PrintRangesLabelsModalProps {
  /** The selected ranges, printed in serial order. */
  ranges: readonly SerialRange[];
  onClose: () => void;
}

/**
 * "Print labels" of the selected ranges (Serial Numbers page, docs/web-app.md "Actions on
 * many rows"): every unit of each range in one run, one range after another on the same
 * sheets, in parts fetched one after another (as one range's run). The run's bounds
 * (ranges, labels) are the contract's: a selection beyond them is named before anything is
 * asked for.
 */
export default function PrintRangesLabelsModal({ ranges, onClose }: PrintRangesLabelsModalProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [layout, setLayout] = useState<LabelLayout>(defaultLabelFormat.layout);
  const [size, setSize] = useState<string>(defaultLabelFormat.size);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController>(undefined);
  const urls = useRef<string[]>([]);

  useEffect(
    () => () => {
      abort.current?.abort();
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const ordered = [...ranges].sort((a, b) => a.startSerial.localeCompare(b.startSerial));
  const count = ordered.reduce((sum, range) => sum + range.totalUnits, 0);
  const format = labelFormat(layout, size);
  const parts = format ? labelPartCount(count, format) : 0;
  const pages = format ? Math.ceil(count / labelsPerPage(format)) : 0;
  const bound =
    ordered.length > maxLabelRunRanges
      ? t('errors.labelRunRanges', { max: maxLabelRunRanges })
      : count > maxLabelRunLabels
        ? t('errors.labelRunTooLarge', {
            max: formatNumber(maxLabelRunLabels, language),
            count: formatNumber(count, language),
          })
        : undefined;
  const running = run.state === 'running';

  const layoutOptions = labelLayouts.map((value) => ({
    value,
    label: t(`labels.layouts.${value}`),
  }));
  const sizeOptions = labelFormats
    .filter((candidate) => candidate.layout === layout)
    .map((candidate) => ({
      value: candidate.size,
      label: t('labels.sizeOption', { width: candidate.label[0], height: candidate.label[1] }),
      description:
        candidate.layout === 'roll'
          ? t('labels.onePerPage')
          : t('labels.perSheet', {
              count: labelsPerPage(candidate),
              product: candidate.product ?? '',
            }),
    }));

  async function print() {
    if (!format || bound) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const files: PartLink[] = [];
    const ids = ordered.map((range) => range.id);
    setRun({ state: 'running', done: 0, parts, files });
    try {
      for (let part = 0; part < parts; part++) {
        const file = await fetchLabelRunPart(
          ids,
          { layout, size, part, language },
          controller.signal,
        );
        const url = URL.createObjectURL(file.blob);
        urls.current.push(url);
        files.push({ url, fileName: file.fileName });
        setRun({ state: 'running', done: part + 1, parts, files: [...files] });
      }
      setRun({ state: 'done', files });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof ApiError ? error.message : t('errors.internal');
      setRun({ state: 'failed', message, files });
    }
  }

  const files = run.state === 'idle' ? [] : run.files;
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('common.close')}
      header={t('bulk.labels.title', { count: ordered.length })}
      data-testid="bulk-labels-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="bulk-labels-close">
              {t('common.close')}
            </Button>
            <Button
              variant="primary"
              disabled={!format || bound !== undefined || count === 0}
              loading={running}
              onClick={() => void print()}
              data-testid="bulk-labels-create"
            >
              {t('labels.create')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box color="text-body-secondary" data-testid="bulk-labels-description">
          {t('bulk.labels.description', {
            ranges: ordered
              .map((range) => `${range.startSerial} – ${range.endSerial}`)
              .join(t('common.listSeparator')),
          })}
        </Box>
        <ColumnLayout columns={2}>
          <FormField label={t('labels.layout')}>
            <Select
              selectedOption={layoutOptions.find((option) => option.value === layout) ?? null}
              options={layoutOptions}
              disabled={running}
              onChange={({ detail }) => {
                const next = detail.selectedOption.value as LabelLayout;
                setLayout(next);
                setSize(labelFormats.find((candidate) => candidate.layout === next)!.size);
              }}
              data-testid="bulk-labels-layout"
            />
          </FormField>
          <FormField label={t('labels.size')}>
            <Select
              selectedOption={sizeOptions.find((option) => option.value === size) ?? null}
              options={sizeOptions}
              disabled={running}
              onChange={({ detail }) => setSize(detail.selectedOption.value ?? size)}
              data-testid="bulk-labels-size"
            />
          </FormField>
        </ColumnLayout>
        {bound ? (
          <Alert
            type="error"
            statusIconAriaLabel={t('toast.error')}
            data-testid="bulk-labels-bound"
          >
            {bound}
          </Alert>
        ) : (
          <Box data-testid="bulk-labels-summary">
            {t('labels.summary', {
              labels: t('labels.labelCount', { count }),
              pages: t('labels.pageCount', { count: pages }),
              files: t('labels.fileCount', { count: parts }),
            })}
          </Box>
        )}
        {run.state === 'running' && (
          <ProgressBar
            value={(run.done / run.parts) * 100}
            label={t('labels.progressLabel')}
            description={t('labels.progress', { done: run.done, parts: run.parts })}
            data-testid="bulk-labels-progress"
          />
        )}
        {run.state === 'failed' && (
          <Alert
            type="error"
            statusIconAriaLabel={t('toast.error')}
            data-testid="bulk-labels-error"
          >
            {run.message}
          </Alert>
        )}
        {files.length > 0 && (
          <SpaceBetween size="xs">
            {run.state === 'done' && (
              <Box variant="h4" data-testid="bulk-labels-done">
                {t('labels.ready', { count: files.length })}
              </Box>
            )}
            <ul className="labels-files" data-testid="bulk-labels-files">
              {files.map((file) => (
                <li key={file.url}>
                  <Link href={file.url} external externalIconAriaLabel={t('labels.opensInNewTab')}>
                    {file.fileName}
                  </Link>{' '}
                  <a href={file.url} download={file.fileName} data-testid="bulk-labels-download">
                    {t('labels.download')}
                  </a>
                </li>
              ))}
            </ul>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Modal>
  );
}
