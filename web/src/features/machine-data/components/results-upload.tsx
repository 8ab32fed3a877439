import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  maxResultsPerBatch,
  testResultColumns,
} from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { formatNumber } from '../../../lib/format';
import { checkResults, uploadResults } from '../api';
import {
  checkResultsFile,
  chunkRowProblems,
  csvLine,
  type RowProblem,
  type UploadChunk,
} from '../upload';

/** Row problems listed at most; the count says how many there are in all. */
const maxListedProblems = 200;

type UploadState =
  | { step: 'idle' }
  | { step: 'reading'; file: File }
  | { step: 'refused'; file: File; message: string }
  | {
      step: 'invalid';
      file: File;
      rows: number;
      problems: RowProblem[];
      /** Every problem found; more than `problems` when the server listed only the first. */
      total: number;
      /** Found by this page's first pass over the file, or by the server's check. */
      checkedBy: 'page' | 'server';
    }
  /** The file passed this page's check; the server checks it part by part, storing nothing. */
  | { step: 'checking'; file: File; rows: number; chunks: UploadChunk[]; part: number }
  | { step: 'checkFailed'; file: File; rows: number; chunks: UploadChunk[]; message: string }
  /** The server found no problem: `duplicates` of the rows are already stored. */
  | { step: 'ready'; file: File; rows: number; chunks: UploadChunk[]; duplicates: number }
  | {
      step: 'sending';
      file: File;
      rows: number;
      chunks: UploadChunk[];
      sentRows: number;
      part: number;
    }
  | { step: 'done'; file: File; rows: number; stored: number; duplicates: number }
  | {
      step: 'failed';
      file: File;
      rows: number;
      chunks: UploadChunk[];
      /** Rows of the parts the server stored before the failure. */
      sentRows: number;
      message: string;
      /** The server refused the part (a bad row): nothing of it was stored. */
      refused: boolean;
      problems: RowProblem[];
    };

/**
 * The CSV upload of test results: the file is checked here with the API's rules first (a
 * quick pass: a file with a bad row is not sent at all, every bad row is listed), then by the
 * server, part by part, storing nothing (`?dryRun=true`: the ranges, plans, benches and
 * duplicates only it can judge, every problem listed), then sent in parts of 500 rows with a
 * progress bar, then summed up. "The file is valid" is the server's word, so the upload that
 * follows is not refused for the same file.
 */
export function ResultsUpload({ onStored }: { onStored: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  /** The file being worked on: a newer choice makes older reads and sends stop. */
  const current = useRef<File | undefined>(undefined);
  const number = (value: number) => formatNumber(value, language);

  async function choose(file: File | undefined) {
    current.current = file;
    if (!file) {
      setState({ step: 'idle' });
      return;
    }
    setState({ step: 'reading', file });
    // The bytes, not `file.text()`: that would replace bytes that are not UTF-8 unseen.
    const checked = checkResultsFile(new Uint8Array(await file.arrayBuffer()));
    if (current.current !== file) return;
    if (checked.status === 'refused') {
      setState({
        step: 'refused',
        file,
        message: t(checked.problem.key, checked.problem.params ?? {}),
      });
    } else if (checked.status === 'invalid') {
      setState({
        step: 'invalid',
        file,
        rows: checked.rows,
        problems: checked.problems,
        total: checked.problems.length,
        checkedBy: 'page',
      });
    } else {
      await checkOnServer(file, checked.rows, checked.chunks);
    }
  }

  /**
   * Asks the server to check every part as the upload would, storing nothing, and gathers
   * every problem of every part at its line of the file.
   */
  async function checkOnServer(file: File, rows: number, chunks: UploadChunk[]) {
    const problems: RowProblem[] = [];
    let total = 0;
    let duplicates = 0;
    for (const [index, chunk] of chunks.entries()) {
      if (current.current !== file) return;
      setState({ step: 'checking', file, rows, chunks, part: index + 1 });
      try {
        duplicates += (await checkResults(chunk.csv)).duplicates;
      } catch (error) {
        if (current.current !== file) return;
        if (error instanceof ApiError && error.code === 'invalid-argument') {
          const found = chunkRowProblems(error.fields, chunk);
          // A refusal naming no row (a part too large...) is about the file as a whole.
          if (found.length === 0) {
            setState({ step: 'refused', file, message: error.message });
            return;
          }
          problems.push(...found);
          const counted = error.params.problems;
          total += typeof counted === 'number' ? Math.max(counted, found.length) : found.length;
          continue;
        }
        setState({
          step: 'checkFailed',
          file,
          rows,
          chunks,
          message: error instanceof ApiError ? error.message : t('errors.internal'),
        });
        return;
      }
    }
    if (current.current !== file) return;
    if (problems.length > 0) {
      setState({ step: 'invalid', file, rows, problems, total, checkedBy: 'server' });
    } else {
      setState({ step: 'ready', file, rows, chunks, duplicates });
    }
  }

  /** Sends the parts one after the other; the first refusal or failure stops the rest. */
  async function send(file: File, rows: number, chunks: UploadChunk[]) {
    let sentRows = 0;
    let stored = 0;
    let duplicates = 0;
    for (const [index, chunk] of chunks.entries()) {
      if (current.current !== file) return;
      setState({ step: 'sending', file, rows, chunks, sentRows, part: index + 1 });
      try {
        const summary = await uploadResults(chunk.csv);
        stored += summary.stored;
        duplicates += summary.duplicates;
        sentRows += chunk.rows;
      } catch (error) {
        const failure =
          error instanceof ApiError ? error : new ApiError('internal', t('errors.internal'), 0);
        if (sentRows > 0) onStored();
        setState({
          step: 'failed',
          file,
          rows,
          chunks,
          sentRows,
          message: failure.message,
          refused: failure.code === 'invalid-argument',
          problems: chunkRowProblems(failure.fields, chunk),
        });
        return;
      }
    }
    setState({ step: 'done', file, rows, stored, duplicates });
    onStored();
  }

  const file = state.step === 'idle' ? undefined : state.file;
  const busy = state.step === 'reading' || state.step === 'checking' || state.step === 'sending';

  const problemsTable = (problems: RowProblem[], total = problems.length) => (
    <Table<RowProblem>
      data-testid="upload-problems"
      variant="embedded"
      wrapLines
      items={problems.slice(0, maxListedProblems)}
      ariaLabels={{ tableLabel: t('machineData.upload.problemsLabel') }}
      header={
        <Header
          variant="h3"
          counter={`(${number(total)})`}
          description={
            total > Math.min(problems.length, maxListedProblems)
              ? t('machineData.upload.problemsFirst', {
                  count: Math.min(problems.length, maxListedProblems),
                })
              : undefined
          }
        >
          {t('machineData.upload.problemsLabel')}
        </Header>
      }
      columnDefinitions={[
        {
          id: 'line',
          header: t('machineData.upload.line'),
          width: 100,
          cell: (problem) => number(problem.line),
        },
        {
          id: 'field',
          header: t('machineData.upload.field'),
          width: 180,
          isRowHeader: true,
          cell: (problem) => (problem.field === '_' ? t('common.none') : problem.field),
        },
        {
          id: 'message',
          header: t('machineData.upload.message'),
          cell: (problem) =>
            'text' in problem.message
              ? problem.message.text
              : t(problem.message.key, problem.message.params ?? {}),
        },
      ]}
    />
  );

  return (
    <Container
      data-testid="results-upload"
      header={
        <Header
          variant="h2"
          description={t('machineData.upload.description', { max: maxResultsPerBatch })}
          actions={
            <Button
              iconName="download"
              onClick={() =>
                downloadCsv('machine-data-template.csv', `${csvLine(testResultColumns)}\r\n`)
              }
              data-testid="upload-template"
            >
              {t('machineData.upload.template')}
            </Button>
          }
        >
          {t('machineData.upload.title')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField
          label={t('machineData.upload.file')}
          description={t('machineData.upload.columns', { columns: testResultColumns.join(', ') })}
        >
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <FileInput
              data-testid="upload-file"
              accept=".csv,text/csv"
              value={file ? [file] : []}
              onChange={({ detail }) => void choose(detail.value[0])}
              ariaLabel={t('machineData.upload.choose')}
            >
              {t('machineData.upload.choose')}
            </FileInput>
            {file && <Box data-testid="upload-file-name">{file.name}</Box>}
          </SpaceBetween>
        </FormField>

        {state.step === 'reading' && (
          <Box color="text-body-secondary">{t('machineData.upload.reading')}</Box>
        )}

        {state.step === 'refused' && (
          <Alert type="error" data-testid="upload-refused">
            {state.message}
          </Alert>
        )}

        {state.step === 'checking' && (
          <StatusIndicator type="loading" data-testid="upload-checking">
            {t('machineData.upload.checking', {
              part: number(state.part),
              parts: number(state.chunks.length),
            })}
          </StatusIndicator>
        )}

        {state.step === 'checkFailed' && (
          <Alert
            type="error"
            data-testid="upload-check-failed"
            header={t('machineData.upload.checkFailedTitle')}
            action={
              <Button
                onClick={() => void checkOnServer(state.file, state.rows, state.chunks)}
                data-testid="upload-check-again"
              >
                {t('machineData.upload.checkAgain')}
              </Button>
            }
          >
            {state.message}
          </Alert>
        )}

        {state.step === 'invalid' && (
          <SpaceBetween size="s">
            <Alert
              type="error"
              data-testid="upload-invalid"
              header={t('machineData.upload.invalidTitle')}
            >
              {t(
                state.checkedBy === 'server'
                  ? 'machineData.upload.invalidServer'
                  : 'machineData.upload.invalid',
                { problems: number(state.total), rows: number(state.rows) },
              )}
            </Alert>
            {problemsTable(state.problems, state.total)}
          </SpaceBetween>
        )}

        {state.step === 'ready' && (
          <Alert
            type="info"
            data-testid="upload-ready"
            action={
              <Button
                variant="primary"
                onClick={() => void send(state.file, state.rows, state.chunks)}
                data-testid="upload-send"
              >
                {t('machineData.upload.send')}
              </Button>
            }
          >
            {t('machineData.upload.ready', {
              rows: number(state.rows),
              parts: number(state.chunks.length),
              duplicates: number(state.duplicates),
            })}
          </Alert>
        )}

        {(state.step === 'sending' || state.step === 'done') && (
          <ProgressBar
            data-testid="upload-progress"
            label={
              state.step === 'done'
                ? t('machineData.upload.finished')
                : t('machineData.upload.progress')
            }
            value={state.step === 'done' ? 100 : Math.round((state.sentRows / state.rows) * 100)}
            additionalInfo={
              state.step === 'sending'
                ? t('machineData.upload.part', {
                    part: number(state.part),
                    parts: number(state.chunks.length),
                  })
                : undefined
            }
            status={state.step === 'done' ? 'success' : 'in-progress'}
            resultText={
              state.step === 'done' ? (
                <span data-testid="upload-summary">
                  {t('machineData.upload.done', {
                    stored: number(state.stored),
                    duplicates: number(state.duplicates),
                  })}
                </span>
              ) : undefined
            }
          />
        )}

        {state.step === 'failed' && (
          <SpaceBetween size="s">
            <Alert
              type="error"
              data-testid="upload-failed"
              header={t('machineData.upload.failedTitle')}
              action={
                !state.refused ? (
                  <Button
                    onClick={() => void send(state.file, state.rows, state.chunks)}
                    data-testid="upload-retry"
                  >
                    {t('machineData.upload.sendAgain')}
                  </Button>
                ) : undefined
              }
            >
              <SpaceBetween size="xxs">
                <span>{state.message}</span>
                {state.sentRows > 0 ? (
                  <span>
                    {t('machineData.upload.partlyStored', {
                      rows: number(state.sentRows),
                      lines: `2–${number(state.sentRows + 1)}`,
                    })}
                  </span>
                ) : (
                  // A refused part says itself that nothing was stored; after a lost
                  // answer nobody knows, and sending again is the safe way on.
                  !state.refused && <span>{t('machineData.upload.againSafe')}</span>
                )}
              </SpaceBetween>
            </Alert>
            {state.problems.length > 0 && problemsTable(state.problems)}
          </SpaceBetween>
        )}
        {busy && <Box variant="small">{t('machineData.upload.keepOpen')}</Box>}
      </SpaceBetween>
    </Container>
  );
}
