import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import { lazy, Suspense } from 'react';
import type { ReportCenterConfig } from './config';
import { LanguageSwitch } from '../../light/language-switch';
import { PageFrame } from '../../light/page-frame';
import { useText } from './i18n';
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
    <PageFrame
      brand={config.providerName}
      languageSwitch={
        <LanguageSwitch
          label={t('language.menuLabel')}
          names={{
            en: t('reportCenter.languageNames.en'),
            zh: t('reportCenter.languageNames.zh'),
          }}
        />
      }
      layout="wide"
      testId="report-center"
      footer={
        <>
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
        </>
      }
    >
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
    </PageFrame>
  );
}
