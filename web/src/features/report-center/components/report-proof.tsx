import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import type { ReportVerification } from '../../../../../lambdas/shared/contract/schemas/report-request';
import { useText } from '../i18n';
import './report-proof.css';

type Signature = ReportVerification['signature'];

export type StatusLineType = 'success' | 'error' | 'warning' | 'stopped';

const lineIcons: Record<StatusLineType, { name: IconProps.Name; variant: IconProps.Variant }> = {
  success: { name: 'status-positive', variant: 'success' },
  error: { name: 'status-negative', variant: 'error' },
  warning: { name: 'status-warning', variant: 'warning' },
  stopped: { name: 'status-stopped', variant: 'subtle' },
};

/**
 * A sentence with its status icon (Cloudscape's status icons and colours). Unlike the status
 * indicator, whose text breaks inside words where it wraps, the text wraps between words
 * beside the icon, and stays in the body's colour, readable at any length. `data` becomes
 * the line's `data-*` attributes.
 */
export function StatusLine({
  type,
  testId,
  data = {},
  children,
}: {
  type: StatusLineType;
  testId?: string;
  data?: Record<string, string>;
  children: ReactNode;
}) {
  const dataAttributes = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [`data-${name}`, value]),
  );
  return (
    <div className="report-status-line" data-testid={testId} data-status={type} {...dataAttributes}>
      <span className="report-status-line__icon">
        <Icon {...lineIcons[type]} />
      </span>
      <span>{children}</span>
    </div>
  );
}

/**
 * How the report's PDF is signed, as the verification lists it: signed and timestamped,
 * signed without a timestamp (the authority could not be reached; a later request gets a
 * timestamped copy), or issued before reports were signed.
 */
export function SignatureStatus({ signature }: { signature: Signature }) {
  const { t } = useText();
  const [type, key] = !signature
    ? (['stopped', 'reportProof.verify.notSigned'] as const)
    : signature.timestamped
      ? (['success', 'reportProof.verify.signed'] as const)
      : (['warning', 'reportProof.verify.signedNoTimestamp'] as const);
  return (
    <StatusLine
      type={type}
      testId="verify-signature-status"
      data={{ signature: signature ? (signature.timestamped ? 'timestamped' : 'signed') : 'none' }}
    >
      {t(key)}
    </StatusLine>
  );
}

/**
 * The report's conformity credential (a W3C verifiable credential, `application/vc+jwt`)
 * as a download named after the report, with a line saying what it is for.
 */
export function CredentialDownload({
  url,
  reportNumber,
  testId,
}: {
  url: string;
  reportNumber: string;
  testId: string;
}) {
  const { t } = useText();
  return (
    <SpaceBetween size="xxs">
      <div>
        <Button href={url} download={`${reportNumber}.jwt`} data-testid={testId}>
          {t('reportProof.preview.credential')}
        </Button>
      </div>
      <Box color="text-body-secondary" fontSize="body-s">
        {t('reportProof.preview.credentialHelp')}
      </Box>
    </SpaceBetween>
  );
}
