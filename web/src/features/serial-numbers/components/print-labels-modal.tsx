import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
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
  type LabelLayout,
} from '../../../../../lambdas/shared/contract/labels';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { fetchLabelPart } from '../api';
import { labelSelection } from '../label-selection';

interface PartLink {
  url: string;
  fileName: string;
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; parts: number; files: PartLink[] }
  | { state: 'done'; files: PartLink[] }
  | { state: 'failed'; message: string; files: PartLink[] };

/**
 * "Print labels" of a serial range: the units from–to (the whole range, a part of it, or
 * one unit), a sheet layout and label size; the PDF comes in parts of a fixed page count,
 * fetched one after another with their progress shown, each a link to open or save.
 * Given a `serial` (a unit's page), it starts with that one unit chosen.
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
  // The labels' words (the body material line) in the page's language.
  const { language } = useLanguage();
  const [from, setFrom] = useState(serial ?? range.startSerial);
  const [to, setTo] = useState(serial ?? range.endSerial);
  const [layout, setLayout] = useState<LabelLayout>(defaultLabelFormat.layout);
  const [size, setSize] = useState<string>(defaultLabelFormat.size);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController>(undefined);
  const urls = useRef<string[]>([]);

  // Cancel a run and free the files when the dialog closes.
  useEffect(
    () => () => {
      abort.current?.abort();
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const format = labelFormat(layout, size);
  const { count, fromInvalid, toInvalid } = labelSelection(range, from, to);
  const parts = format && count ? labelPartCount(count, format) : 0;
  const pages = format && count ? Math.ceil(count / labelsPerPage(format)) : 0;
  const running = run.state === 'running';

  const layoutOptions = labelLayouts.map((value) => ({
    value,
    label: t(`labels.layouts.${value}`),
  }));
  const sizeOptions = labelFormats
    .filter((candidate) => candidate.layout === layout)
    .map((candidate) => ({
      value: candidate.size,
      label: t('labels.sizeOption', {
        width: candidate.label[0],
        height: candidate.label[1],
      }),
      description:
        candidate.layout === 'roll'
          ? t('labels.onePerPage')
          : t('labels.perSheet', {
              count: labelsPerPage(candidate),
              product: candidate.product ?? '',
            }),
    }));

  async function print() {
    if (!format || !count) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const files: PartLink[] = [];
    setRun({ state: 'running', done: 0, parts, files });
    try {
      for (let part = 0; part < parts; part++) {
        const file = await fetchLabelPart(
          range.id,
          { from, to, layout, size, part, language },
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
      header={t('labels.title', { start: range.startSerial, end: range.endSerial })}
      data-testid="labels-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="labels-close">
              {t('common.close')}
            </Button>
            <Button
              variant="primary"
              disabled={!count || !format}
              loading={running}
              onClick={() => void print()}
              data-testid="labels-create"
            >
              {t('labels.create')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box color="text-body-secondary">{t('labels.description', { product: productName })}</Box>
        <ColumnLayout columns={2}>
          <FormField
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
          </FormField>
          <FormField
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
          </FormField>
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
              data-testid="labels-layout"
            />
          </FormField>
          <FormField label={t('labels.size')}>
            <Select
              selectedOption={sizeOptions.find((option) => option.value === size) ?? null}
              options={sizeOptions}
              disabled={running}
              onChange={({ detail }) => setSize(detail.selectedOption.value ?? size)}
              data-testid="labels-size"
            />
          </FormField>
        </ColumnLayout>
        {count !== null && (
          <Box data-testid="labels-summary">
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
            data-testid="labels-progress"
          />
        )}
        {run.state === 'failed' && (
          <Alert type="error" statusIconAriaLabel={t('toast.error')} data-testid="labels-error">
            {run.message}
          </Alert>
        )}
        {files.length > 0 && (
          <SpaceBetween size="xs">
            {run.state === 'done' && (
              <Box variant="h4" data-testid="labels-done">
                {t('labels.ready', { count: files.length })}
              </Box>
            )}
            <ul className="labels-files" data-testid="labels-files">
              {files.map((file) => (
                <li key={file.url}>
                  <Link href={file.url} external externalIconAriaLabel={t('labels.opensInNewTab')}>
                    {file.fileName}
                  </Link>{' '}
                  <a href={file.url} download={file.fileName} data-testid="labels-download">
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
