import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import LiveRegion from '@cloudscape-design/components/live-region';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  importFileLimitBytes,
  maxImportRows,
  type ImportJob,
} from '../../../../lambdas/shared/contract/schemas/imports';
import { useLanguage } from '../../i18n/use-language';
import { ApiError } from '../../lib/api-client';
import { downloadCsv } from '../../lib/csv';
import { formatNumber } from '../../lib/format';
import { readImport } from './import-api';
import {
  importFailure,
  importPollFailures,
  importPollMs,
  importProgress,
  importRefusal,
  isImportJob,
  outcomeUnknown,
  passingFault,
  type ImportRefusal,
  type SendImport,
} from './import-flow';
import { ImportProblemsTable } from './import-problems-table';

/** The step that failed: the server's check (a dry run) or the import itself. */
type Stage = 'check' | 'import';

type ImportState =
  | { step: 'idle' }
  | { step: 'tooLarge'; file: File }
  | { step: 'checking'; file: File }
  | { step: 'refused'; file: File; stage: Stage; refusal: ImportRefusal }
  | { step: 'failed'; file: File; stage: Stage; message: string; unknown: boolean }
  | { step: 'ready'; file: File; rows: number }
  | { step: 'importing'; file: File; rows: number; job: ImportJob | undefined };

export interface ImportCsvModalProps {
  title: string;
  /** What the import does, in a sentence or two. */
  description: ReactNode;
  /** The export's columns, in its order: the template's first line. */
  columns: readonly string[];
  /** The file field's hint: the columns, which are required, which are ignored. */
  columnsHint: string;
  /** The template's file name. */
  templateName: string;
  /** Sends the file to the import route (a dry run or the import). */
  send: SendImport;
  onClose: () => void;
  /** The file is stored: the page says so and shows the list again. */
  onImported: (job: ImportJob) => void;
}

/** MB as the catalogue's `errors.fileTooLarge` says it (a file over 3 MB goes up in parts). */
const limitMegabytes = importFileLimitBytes / 1_000_000;

/**
 * The import dialog of a catalogue list (docs/web-app.md, "Imports"): a UTF-8 CSV file in the
 * list's export columns is checked whole by the server (a dry run, nothing stored), which names
 * every problem in one answer, listed by row and column; a file without problems is then
 * sent to be imported, all rows or none, and the dialog follows the import worker's progress
 * (rows written) until it is over.
 */
export default function ImportCsvModal({
  title,
  description,
  columns,
  columnsHint,
  templateName,
  send,
  onClose,
  onImported,
}: ImportCsvModalProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  /** The file being worked on: choosing another one makes older answers stale. */
  const current = useRef<File | undefined>(undefined);
  const number = (value: number) => formatNumber(value, language);

  const importing = state.step === 'importing';
  /** Whether the dialog is still open: a closed one stops following its import. */
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  /** Asks the server to check the whole file, storing nothing. */
  async function check(file: File) {
    current.current = file;
    if (file.size > importFileLimitBytes) {
      setState({ step: 'tooLarge', file });
      return;
    }
    setState({ step: 'checking', file });
    try {
      const summary = await send(file, { dryRun: true, fileName: file.name });
      if (current.current !== file) return;
      setState({ step: 'ready', file, rows: summary.rows });
    } catch (error) {
      if (current.current !== file) return;
      setState(failure(file, 'check', error));
    }
  }

  /**
   * Stores the checked file, every row or none: the request checks and queues it, then the
   * dialog asks where it stands every second until the worker is done.
   */
  async function store(file: File, rows: number) {
    setState({ step: 'importing', file, rows, job: undefined });
    let job: ImportJob;
    try {
      const answer = await send(file, { dryRun: false, fileName: file.name });
      if (!isImportJob(answer)) throw new Error('The import answered a dry run');
      job = answer;
    } catch (error) {
      if (current.current !== file) return;
      setState(failure(file, 'import', error));
      return;
    }
    let failures = 0;
    while (open.current && current.current === file) {
      if (job.status === 'stored') {
        onImported(job);
        return;
      }
      if (job.status === 'refused' || job.status === 'failed') {
        // The import said how it ended (`written`: the rows that stayed), except one that
        // stopped without a word.
        const unknown = job.error?.messageKey === 'errors.importInterrupted';
        setState(failure(file, 'import', importFailure(job), unknown));
        return;
      }
      setState({ step: 'importing', file, rows, job });
      await new Promise((resolve) => setTimeout(resolve, importPollMs));
      try {
        job = await readImport(job.id);
        failures = 0;
      } catch (error) {
        // A passing fault (the connection, the server) is asked again; a refusal (the import
        // is not there, the session ended) or many faults in a row end the wait, the outcome
        // unknown here (the import goes on on the server).
        failures += 1;
        if (!passingFault(error) || failures >= importPollFailures) {
          setState(failure(file, 'import', error, true));
          return;
        }
      }
    }
  }

  function failure(
    file: File,
    stage: Stage,
    error: unknown,
    unknown = stage === 'import' && outcomeUnknown(error),
  ): ImportState {
    const refusal = importRefusal(error);
    if (refusal) {
      return { step: 'refused', file, stage, refusal: { ...refusal, message: readable(error) } };
    }
    return {
      step: 'failed',
      file,
      stage,
      message: error instanceof ApiError ? error.message : t('errors.internal'),
      unknown,
    };
  }

  /** The answer's message with its counts written as the page writes numbers ("1,100"). */
  function readable(error: unknown): string {
    if (!(error instanceof ApiError)) return t('errors.internal');
    const { messageKey, params } = error;
    if (!messageKey || Object.keys(params).length === 0) return error.message;
    const shown: Record<string, string | number> = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'number' ? number(value) : value,
      ]),
    );
    return t(messageKey, shown);
  }

  function choose(file: File | undefined) {
    if (importing) return;
    if (!file) {
      current.current = undefined;
      setState({ step: 'idle' });
      return;
    }
    void check(file);
  }

  const file = state.step === 'idle' ? undefined : state.file;
  const rows = state.step === 'ready' || state.step === 'importing' ? state.rows : undefined;
  /** What a screen reader hears when the step changes (the page shows more). */
  const announcement = (() => {
    switch (state.step) {
      case 'checking':
        return t('imports.checking');
      case 'ready':
        return t('imports.ready', { count: state.rows, rows: number(state.rows) });
      case 'refused':
        return state.refusal.message;
      case 'failed':
        return state.message;
      case 'tooLarge':
        return t('errors.fileTooLarge', { megabytes: limitMegabytes });
      case 'importing':
        return t('imports.importing', { count: state.rows, rows: number(state.rows) });
      default:
        return '';
    }
  })();

  return (
    <Modal
      visible
      size="large"
      data-testid="import-modal"
      header={title}
      closeAriaLabel={t('common.close')}
      onDismiss={() => {
        // The import runs on the server whatever this dialog does: it stays until it is over.
        if (!importing) onClose();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="link"
              disabled={importing}
              onClick={onClose}
              data-testid="import-cancel"
            >
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={state.step !== 'ready' && !importing}
              loading={importing}
              onClick={() => {
                if (state.step === 'ready') void store(state.file, state.rows);
              }}
              data-testid="import-submit"
            >
              {rows === undefined
                ? t('imports.submit')
                : t('imports.submitRows', { count: rows, rows: number(rows) })}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{description}</Box>
        <FormField
          label={t('imports.file')}
          description={columnsHint}
          constraintText={t('imports.limits', {
            rows: number(maxImportRows),
            megabytes: number(limitMegabytes),
          })}
        >
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <FileInput
              data-testid="import-file"
              accept=".csv,text/csv"
              value={file ? [file] : []}
              onChange={({ detail }) => choose(detail.value[0])}
              ariaLabel={t('imports.choose')}
            >
              {t('imports.choose')}
            </FileInput>
            {file && <Box data-testid="import-file-name">{file.name}</Box>}
            <Button
              variant="inline-link"
              iconName="download"
              onClick={() => downloadCsv(templateName, `${columns.join(',')}\r\n`)}
              data-testid="import-template"
            >
              {t('imports.template')}
            </Button>
          </SpaceBetween>
        </FormField>

        <LiveRegion hidden>{announcement}</LiveRegion>

        {state.step === 'checking' && (
          <StatusIndicator type="loading" data-testid="import-checking">
            {t('imports.checking')}
          </StatusIndicator>
        )}

        {state.step === 'tooLarge' && (
          <Alert type="error" data-testid="import-too-large">
            {t('errors.fileTooLarge', { megabytes: limitMegabytes })}
          </Alert>
        )}

        {state.step === 'ready' && (
          <Alert type="success" header={t('imports.checked')} data-testid="import-ready">
            {t('imports.ready', { count: state.rows, rows: number(state.rows) })}
          </Alert>
        )}

        {state.step === 'refused' && (
          <SpaceBetween size="s">
            <Alert
              type="error"
              header={
                state.stage === 'check' ? t('imports.refusedCheck') : t('imports.refusedImport')
              }
              data-testid="import-refused"
            >
              {state.refusal.message}
            </Alert>
            {state.refusal.problems.length > 0 && (
              <ImportProblemsTable problems={state.refusal.problems} total={state.refusal.total} />
            )}
          </SpaceBetween>
        )}

        {state.step === 'failed' && (
          <Alert
            type="error"
            header={state.stage === 'check' ? t('imports.failedCheck') : t('imports.failedImport')}
            data-testid="import-failed"
            action={
              <Button onClick={() => void check(state.file)} data-testid="import-check-again">
                {t('imports.checkAgain')}
              </Button>
            }
          >
            <SpaceBetween size="xxs">
              <span>{state.message}</span>
              {state.unknown && <span>{t('imports.outcomeUnknown')}</span>}
            </SpaceBetween>
          </Alert>
        )}

        {state.step === 'importing' && (
          <ProgressBar
            data-testid="import-progress"
            label={t('imports.importing', { count: state.rows, rows: number(state.rows) })}
            description={t('imports.allOrNothing')}
            value={state.job ? importProgress(state.job) : 0}
            additionalInfo={
              !state.job || state.job.status === 'queued'
                ? t('imports.queued')
                : state.job.status === 'undoing'
                  ? t('imports.undoing')
                  : t('imports.written', {
                      written: number(state.job.written),
                      rows: number(state.rows),
                    })
            }
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
