import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useText } from '../i18n';
import { qrSvgPath } from '../qr-svg';

/** The unit's identification link, as on its nameplate label: its QR code and its address. */
export function IdentityLink({ url }: { url: string }) {
  const { t } = useText();
  const qr = useMemo(() => qrSvgPath(url), [url]);
  return (
    <SpaceBetween size="s">
      <Header variant="h3" description={t('report.identityLinkText')}>
        {t('report.identityLink')}
      </Header>
      <div className="report-identity" data-testid="report-identity">
        <svg
          className="report-identity__qr"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          role="img"
          aria-label={t('report.identityLink')}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <Box>
          <Link href={url} data-testid="report-identity-link">
            <span className="report-identity__url">{url}</span>
          </Link>
        </Box>
      </div>
    </SpaceBetween>
  );
}
