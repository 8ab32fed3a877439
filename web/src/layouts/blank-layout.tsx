import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LanguageMenu } from '../components/language-menu';
import { PageLoader } from '../components/page-loader';
import { usePreferences } from '../components/preferences/use-preferences';
import { AppFooter } from '../components/shell/app-footer';
import { OfflineBanner } from '../components/shell/offline-banner';
import { ScrollToTopButton } from '../components/shell/scroll-to-top-button';
import { useAppTitle } from '../lib/use-config';
import './blank-layout.css';

/** Frame of the sign-in and message pages: brand and language menu, content in a centered card. */
export default function BlankLayout() {
  const appTitle = useAppTitle();
  const { preferences } = usePreferences();
  return (
    <div className="blank-layout">
      <header className="blank-layout__bar">
        <div className="blank-layout__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Box variant="h2" tagOverride="span" fontSize="heading-m">
            {appTitle}
          </Box>
        </div>
        <LanguageMenu />
      </header>
      <OfflineBanner />
      <main className="blank-layout__main">
        <div className="blank-layout__card">
          <Container>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </div>
      </main>
      {preferences.footer !== 'hidden' && <AppFooter sticky={preferences.footer === 'sticky'} />}
      <ScrollToTopButton />
    </div>
  );
}
