import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useRef, useState } from 'react';
import {
  signatureCheckMaxBytes,
  type SignatureCheck,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { ReportCenterError } from '../api';
import { sameFingerprint, sha256Hex } from '../fingerprint';
import { RichText, useText, type TextRef } from '../i18n';
import { checkSignature } from '../verify-api';
import { SignatureOutcome } from './signature-outcome';

type Check =
  | { state: 'idle' }
  | { state: 'tooLarge'; name: string }
  | { state: 'computing'; name: string }
  | { state: 'done'; name: string; fingerprint: string }
  | { state: 'failed'; name: string };

type SignatureState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; check: SignatureCheck }
  | { state: 'failed'; message: TextRef };

/** The limit in kB as a person reads it ("750"). */
const maxKilobytes = Math.round(signatureCheckMaxBytes / 1024);

/**
 * Takes a PDF and says whether it is the issued report: its SHA-256, computed here in the
 * browser, against the report's fingerprint; and what its signature proves, from the
 * signature check the file is sent to (a file above the check's limit is refused here).
 */
export function FileCheck({ expected, reportSigned }: { expected: string; reportSigned: boolean }) {
  const { t } = useText();
  const [files, setFiles] = useState<File[]>([]);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [signature, setSignature] = useState<SignatureState>({ state: 'idle' });
  // Only the latest choice may set the outcome (a large file may finish after a small one).
  const latest = useRef(0);
  // The signature check under way, cancelled by the next choice or on leaving.
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);

  const verifySignature = async (bytes: Uint8Array, run: number) => {
    const controller = new AbortController();
    sending.current = controller;
    setSignature({ state: 'checking' });
    try {
      const result = await checkSignature(bytes, controller.signal);
      if (run === latest.current) setSignature({ state: 'done', check: result });
    } catch (error) {
      if (controller.signal.aborted || run !== latest.current) return;
      setSignature({
        state: 'failed',
        message: error instanceof ReportCenterError ? error.messageRef : { key: 'errors.internal' },
      });
    }
  };

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    const file = chosen[0];
    const run = ++latest.current;
    sending.current?.abort();
    setSignature({ state: 'idle' });
    if (!file) {
      setCheck({ state: 'idle' });
      return;
    }
    if (file.size > signatureCheckMaxBytes) {
      setCheck({ state: 'tooLarge', name: file.name });
      return;
    }
    setCheck({ state: 'computing', name: file.name });
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      if (run === latest.current) setCheck({ state: 'failed', name: file.name });
      return;
    }
    if (run !== latest.current) return;
    void verifySignature(bytes, run);
    try {
      const fingerprint = await sha256Hex(bytes);
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
      {check.state === 'tooLarge' && (
        <Alert type="error" statusIconAriaLabel={t('toast.error')} data-testid="verify-outcome">
          {t('reportProof.check.tooLarge', { size: maxKilobytes })}
        </Alert>
      )}
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
      {signature.state === 'checking' && (
        <StatusIndicator type="loading">{t('reportProof.check.checking')}</StatusIndicator>
      )}
      {signature.state === 'failed' && (
        <Alert
          type="error"
          statusIconAriaLabel={t('toast.error')}
          header={t('reportProof.check.failed')}
          data-testid="verify-signature"
          data-verdict="failed"
        >
          {t(signature.message.key, signature.message.params ?? {})}
        </Alert>
      )}
      {signature.state === 'done' && (
        <SignatureOutcome check={signature.check} reportSigned={reportSigned} />
      )}
    </SpaceBetween>
  );
}
