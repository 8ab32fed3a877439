import Box from '@cloudscape-design/components/box';
import type { ReactNode } from 'react';
import './light-page.css';

interface PageFrameProps {
  /** The name beside the logo (the provider's, the app's). */
  brand: string;
  /** The language switch (top right). */
  languageSwitch: ReactNode;
  /** `card`: one narrow column centred in the window (a form); `wide`: a page's column. */
  layout: 'wide' | 'card';
  footer?: ReactNode;
  testId: string;
  children: ReactNode;
}

/**
 * The frame of a light page (web/src/light): the brand and the language switch on top,
 * the content in one column, a footer below.
 */
export function PageFrame({
  brand,
  languageSwitch,
  layout,
  footer,
  testId,
  children,
}: PageFrameProps) {
  return (
    <div className="light-page" data-testid={testId}>
      <header className="light-page__bar">
        <div className="light-page__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Box variant="h2" tagOverride="span" fontSize="heading-m">
            {brand}
          </Box>
        </div>
        {languageSwitch}
      </header>
      <main className={`light-page__main${layout === 'card' ? ' light-page__main--card' : ''}`}>
        {children}
      </main>
      {footer && <footer className="light-page__footer">{footer}</footer>}
    </div>
  );
}
