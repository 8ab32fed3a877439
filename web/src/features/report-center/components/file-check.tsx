import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRef, useState } from 'react';
import { sameFingerprint, sha256Hex } from '../fingerprint';
import { RichText, useText } from '../i18n';

type Check =
  | { state: 'idle' }
  | { state: 'computing'; name: string }
  | { state: 'done'; name: string; fingerprint: string }
  | { state: 'failed'; name: string };

/**
 * Takes a PDF, computes its SHA-256 here in the browser and says whether it is the
 * issued report. The file is never uploaded.
 */
export function FileCheck({ expected }: { expected: string }) {
  const { t } = useText();
  const [files, setFiles] = useState<File[]>([]);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  // Only the latest choice may set the outcome (a large file may finish after a small one).
  const latest = useRef(0);

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    const file = chosen[0];
    const run = ++latest.current;
    if (!file) {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'computing', name: file.name });
    try {
      const fingerprint = await sha256Hex(await file.arrayBuffer());
      if (run === latest.current) setCheck({ state: 'done', name: file.name, fingerprint });
    } catch {
      if (run === latest.current) setCheck({ state: 'failed', name: file.name });
    }
  };

  return (
    <SpaceBetween size="m">
      <FormField
        label={t('reportCenter.verify.checkFile')}
        description={t('reportCenter.verify.checkFileDescription')}
        data-testid="verify-file"
      >
        <FileInput
          value={files}
          accept="application/pdf,.pdf"
          onChange={({ detail }) => void choose(detail.value)}
        >
          {t('reportCenter.verify.chooseFile')}
        </FileInput>
      </FormField>
      {check.state === 'computing' && (
        <StatusIndicator type="loading">{t('reportCenter.verify.computing')}</StatusIndicator>
      )}
      {check.state === 'failed' && (
        <Alert type="error" statusIconAriaLabel={t('toast.error')} data-testid="verify-outcome">
          {t('reportCenter.verify.readFailed')}
        </Alert>
      )}
      {check.state === 'done' && (
        <Alert
          type={sameFingerprint(check.fingerprint, expected) ? 'success' : 'error'}
          statusIconAriaLabel={t(
            sameFingerprint(check.fingerprint, expected) ? 'toast.success' : 'toast.error',
          )}
          data-testid="verify-outcome"
        >
          <SpaceBetween size="xxs">
            <span>
              {t(
                sameFingerprint(check.fingerprint, expected)
                  ? 'reportCenter.verify.match'
                  : 'reportCenter.verify.mismatch',
              )}
            </span>
            <Box variant="small">
              <RichText
                text={t('reportCenter.verify.fileFingerprint', {
                  name: check.name,
                  fingerprint: check.fingerprint,
                })}
                tags={{
                  code: (text) => (
                    <span className="report-fingerprint" data-testid="verify-file-fingerprint">
                      {text}
                    </span>
                  ),
                }}
              />
            </Box>
          </SpaceBetween>
        </Alert>
      )}
    </SpaceBetween>
  );
}
