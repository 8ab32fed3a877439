import '@cloudscape-design/global-styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadReportCenterConfig } from './features/report-center/config';
import { useText } from './features/report-center/i18n';
import { pageMode } from './features/report-center/page-mode';
import { ReportCenterApp } from './features/report-center/report-center-app';
import { StartupFailure } from './light/startup-failure';
import { LanguageProvider } from './light/text';
import { followStoredTheme } from './light/theme';

function ReportCenterStartupFailure() {
  const { t } = useText();
  return (
    <StartupFailure
      texts={{
        title: t('reportCenter.startupFailedTitle'),
        message: t('reportCenter.startupFailed'),
        reload: t('reportCenter.reload'),
        error: t('toast.error'),
      }}
    />
  );
}

/**
 * Entry of the public Test Report Center (search.html, served at /search), built apart
 * from the back office (main.tsx): no sign-in library, no router, no admin page; an
 * ESLint zone keeps it so.
 */
async function start(container: HTMLElement): Promise<void> {
  followStoredTheme();
  const root = createRoot(container);
  const config = await loadReportCenterConfig().catch((error: unknown) => {
    console.error(error);
    return undefined;
  });
  root.render(
    <StrictMode>
      <LanguageProvider>
        {config ? (
          <ReportCenterApp config={config} mode={pageMode(window.location.search)} />
        ) : (
          <ReportCenterStartupFailure />
        )}
      </LanguageProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
