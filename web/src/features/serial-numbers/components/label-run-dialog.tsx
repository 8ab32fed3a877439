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
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultLabelFormat,
  labelFormat,
  labelFormats,
  labelLayouts,
  labelPartCount,
  labelsPerPage,
  type LabelLanguage,
  type LabelLayout,
} from '../../../../../lambdas/shared/contract/labels';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import type { LabelPartFile } from '../api';

interface PartLink {
  url: string;
  fileName: string;
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; parts: number; files: PartLink[] }
  | { state: 'done'; files: PartLink[] }
  | { state: 'failed'; message: string; files: PartLink[] };

/** What a part of a run is asked with: the format, the part (0-based) and the words' language. */
export interface LabelPartQuery {
  layout: LabelLayout;
  size: string;
  part: number;
  language: LabelLanguage;
}

export interface LabelRunDialogProps {
  header: string;
  /** The test ids' prefix: `labels` (one range), `bulk-labels` (the selected ranges). */
  testId: string;
  description: ReactNode;
  /**
   * Fields before the format, each a cell of its grid (one range's from and to), given whether
   * a run is on (they are disabled then).
   */
  fields?: (running: boolean) => ReactNode[];
  /** Labels the run holds; null while the choice names none (no summary then). */
  count: number | null;
  /** Why the run cannot be asked for at all, shown instead of the summary. */
  refusal?: string;
  /** One part of the run as a file. */
  fetchPart: (query: LabelPartQuery, signal: AbortSignal) => Promise<LabelPartFile>;
  onClose: () => void;
}

/**
 * The dialog of a run of nameplate labels (docs/identity-links.md, printing labels): a sheet
 * layout and label size, then the PDF in parts of a fixed page count, fetched one after
 * another with their progress shown, each a link to open or save. What is printed is the
 * caller's: one range's units from–to, or the selected ranges whole.
 */
export function LabelRunDialog({
  header,
  testId,
  description,
  fields,
  count,
  refusal,
  fetchPart,
  onClose,
}: LabelRunDialogProps) {
  const { t } = useTranslation();
  // The labels' words (the body material line) in the page's language.
  const { language } = useLanguage();
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
    if (!format || !count || refusal) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const files: PartLink[] = [];
    setRun({ state: 'running', done: 0, parts, files });
    try {
      for (let part = 0; part < parts; part++) {
        const file = await fetchPart({ layout, size, part, language }, controller.signal);
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
      header={header}
      data-testid={`${testId}-modal`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid={`${testId}-close`}>
              {t('common.close')}
            </Button>
            <Button
              variant="primary"
              disabled={!format || !count || refusal !== undefined}
              loading={running}
              onClick={() => void print()}
              data-testid={`${testId}-create`}
            >
              {t('labels.create')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Box color="text-body-secondary" data-testid={`${testId}-description`}>
          {description}
        </Box>
        <ColumnLayout columns={2}>
          {fields?.(running)}
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
              data-testid={`${testId}-layout`}
            />
          </FormField>
          <FormField label={t('labels.size')}>
            <Select
              selectedOption={sizeOptions.find((option) => option.value === size) ?? null}
              options={sizeOptions}
              disabled={running}
              onChange={({ detail }) => setSize(detail.selectedOption.value ?? size)}
              data-testid={`${testId}-size`}
            />
          </FormField>
        </ColumnLayout>
        {refusal !== undefined ? (
          <Alert
            type="error"
            statusIconAriaLabel={t('toast.error')}
            data-testid={`${testId}-bound`}
          >
            {refusal}
          </Alert>
        ) : (
          count !== null && (
            <Box data-testid={`${testId}-summary`}>
              {t('labels.summary', {
                labels: t('labels.labelCount', { count }),
                pages: t('labels.pageCount', { count: pages }),
                files: t('labels.fileCount', { count: parts }),
              })}
            </Box>
          )
        )}
        {run.state === 'running' && (
          <ProgressBar
            value={(run.done / run.parts) * 100}
            label={t('labels.progressLabel')}
            description={t('labels.progress', { done: run.done, parts: run.parts })}
            data-testid={`${testId}-progress`}
          />
        )}
        {run.state === 'failed' && (
          <Alert
            type="error"
            statusIconAriaLabel={t('toast.error')}
            data-testid={`${testId}-error`}
          >
            {run.message}
          </Alert>
        )}
        {files.length > 0 && (
          <SpaceBetween size="xs">
            {run.state === 'done' && (
              <Box variant="h4" data-testid={`${testId}-done`}>
                {t('labels.ready', { count: files.length })}
              </Box>
            )}
            <ul className="labels-files" data-testid={`${testId}-files`}>
              {files.map((file) => (
                <li key={file.url}>
                  <Link href={file.url} external externalIconAriaLabel={t('labels.opensInNewTab')}>
                    {file.fileName}
                  </Link>{' '}
                  <a href={file.url} download={file.fileName} data-testid={`${testId}-download`}>
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
