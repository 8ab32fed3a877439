import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import { lazy, Suspense } from 'react';
import type { ReportCenterConfig } from './config';
import { useText } from './i18n';
import { LanguageSwitch } from './components/language-switch';
import type { PageMode } from './page-mode';
import { SearchPage } from './pages/search-page';
import './report-center.css';

// Verification is the rarer visit (from a report's QR code): its own chunk.
const VerifyPage = lazy(() => import('./pages/verify-page'));

export interface ReportCenterAppProps {
  config: ReportCenterConfig;
  mode: PageMode;
}

/**
 * The frame of the public page: the provider's name and the language menu on top,
 * the search (or the verification of a report) in one column, the privacy policy below.
 */
export function ReportCenterApp({ config, mode }: ReportCenterAppProps) {
  const { t } = useText();
  return (
    <div className="report-center" data-testid="report-center">
      <header className="report-center__bar">
        <div className="report-center__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Box variant="h2" tagOverride="span" fontSize="heading-m">
            {config.providerName}
          </Box>
        </div>
        <LanguageSwitch />
      </header>
      <main className="report-center__main">
        {mode.kind === 'verify' ? (
          <Suspense>
            <VerifyPage reportNumber={mode.reportNumber} />
          </Suspense>
        ) : (
          <SearchPage
            initialSerial={mode.serial}
            providerName={config.providerName}
            privacyPolicyUrl={config.privacyPolicyUrl}
          />
        )}
      </main>
      <footer className="report-center__footer">
        <Box color="text-body-secondary" fontSize="body-s">
          {t('reportCenter.footer', {
            year: new Date().getFullYear(),
            provider: config.providerName,
          })}
        </Box>
        <Link
          href={config.privacyPolicyUrl}
          external
          externalIconAriaLabel={t('reportCenter.preview.opensInNewTab')}
          fontSize="body-s"
        >
          {t('reportCenter.privacyPolicy')}
        </Link>
      </footer>
    </div>
  );
}
