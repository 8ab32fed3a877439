import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LanguageMenu } from '../components/language-menu';
import { PageLoader } from '../components/page-loader';
import { useAppTitle } from '../lib/use-config';
import './blank-layout.css';

/** Frame of the sign-in and message pages: brand and language menu, content in a centered card. */
export default function BlankLayout() {
  const appTitle = useAppTitle();
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
      <main className="blank-layout__main">
        <div className="blank-layout__card">
          <Container>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </div>
      </main>
    </div>
  );
}
