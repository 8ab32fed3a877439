import Alert, { type AlertProps } from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SignatureCheck } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { formatDateTime } from '../../../lib/format';
import { useText, type ReportCenterKey } from '../i18n';
import { StatusLine } from './report-proof';

/** What a checked file's signature comes to, its first failing point first. */
export type SignatureVerdict = 'valid' | 'invalid' | 'partial' | 'untrusted' | 'unsigned';

export function signatureVerdict(check: SignatureCheck): SignatureVerdict {
  if (!check.signed) return 'unsigned';
  if (!check.valid) return 'invalid';
  if (!check.wholeDocument) return 'partial';
  if (!check.trusted) return 'untrusted';
  return 'valid';
}

const headers = {
  valid: 'reportProof.check.valid',
  invalid: 'reportProof.check.invalid',
  partial: 'reportProof.check.partial',
  untrusted: 'reportProof.check.untrusted',
  unsigned: 'reportProof.check.unsigned',
} as const satisfies Record<SignatureVerdict, ReportCenterKey>;

/** One point of the check: met (success) or not (error), in a sentence. */
function Point({
  met,
  yes,
  no,
  id,
}: {
  met: boolean;
  yes: ReportCenterKey;
  no: ReportCenterKey;
  id: string;
}) {
  const { t } = useText();
  return (
    <StatusLine type={met ? 'success' : 'error'} testId={id} data={{ met: String(met) }}>
      {t(met ? yes : no)}
    </StatusLine>
  );
}

/**
 * What the signature of a checked file proves, for a recipient who does not know what a
 * signature is: one sentence on top (valid; or the first point that fails), then each point
 * (whose certificate made it only for an intact signature), who signed and when (the time a trusted timestamp authority confirmed). A file without a
 * signature is a warning sign for a report issued signed, and expected for one issued before.
 */
export function SignatureOutcome({
  check,
  reportSigned,
}: {
  check: SignatureCheck;
  /** Whether the report was issued signed (its verification's `signature` is set). */
  reportSigned: boolean;
}) {
  const { t, language } = useText();
  const verdict = signatureVerdict(check);
  const type: AlertProps.Type =
    verdict === 'valid' ? 'success' : verdict === 'unsigned' && !reportSigned ? 'info' : 'error';
  // "Name, Organization"; once when the certificate names the organization as its holder.
  const signer = [...new Set([check.signer?.commonName, check.signer?.organization])]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  return (
    <Alert
      type={type}
      statusIconAriaLabel={t(
        type === 'success' ? 'toast.success' : type === 'info' ? 'toast.info' : 'toast.error',
      )}
      header={t(headers[verdict])}
      data-testid="verify-signature"
      data-verdict={verdict}
    >
      {verdict === 'unsigned' ? (
        t(reportSigned ? 'reportProof.check.unsignedSigned' : 'reportProof.check.unsignedOld')
      ) : (
        <SpaceBetween size="xxs">
          <Point
            met={check.valid}
            yes="reportProof.check.intact"
            no="reportProof.check.changed"
            id="verify-signature-intact"
          />
          <Point
            met={check.wholeDocument}
            yes="reportProof.check.whole"
            no="reportProof.check.notWhole"
            id="verify-signature-whole"
          />
          {/* Whose certificate made it is established on an intact signature only (the
              check answers `trusted: false` for a broken one): not said of a broken one. */}
          {check.valid && (
            <Point
              met={check.trusted}
              yes="reportProof.check.trusted"
              no="reportProof.check.notTrusted"
              id="verify-signature-trusted"
            />
          )}
          <div className="report-status-line--plain" data-testid="verify-signature-signer">
            {signer
              ? t('reportProof.check.signer', { signer })
              : t('reportProof.check.unknownSigner')}
          </div>
          {check.timestamped && check.signedAt ? (
            <StatusLine type="success" testId="verify-signature-time">
              {t('reportProof.check.signedAt', {
                date: formatDateTime(check.signedAt, language) ?? check.signedAt,
              })}
            </StatusLine>
          ) : (
            <StatusLine type="warning" testId="verify-signature-time">
              {t('reportProof.check.noTimestamp')}
            </StatusLine>
          )}
        </SpaceBetween>
      )}
    </Alert>
  );
}
