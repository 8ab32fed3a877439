import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { QrCode } from '../../../lib/qr-code';
import { useText } from '../i18n';
// The report's labels come with the chunks that show a report (not the page's first load).
import '../report-texts';

/** The unit's identification link, as on its nameplate label: its QR code and its address. */
export function IdentityLink({ url }: { url: string }) {
  const { t } = useText();
  return (
    <SpaceBetween size="s">
      <Header variant="h3" description={t('report.identityLinkText')}>
        {t('report.identityLink')}
      </Header>
      <div className="report-identity" data-testid="report-identity">
        <QrCode text={url} label={t('report.identityLink')} className="report-identity__qr" />
        <Box>
          <Link href={url} data-testid="report-identity-link">
            <span className="report-identity__url">{url}</span>
          </Link>
        </Box>
      </div>
    </SpaceBetween>
  );
}
