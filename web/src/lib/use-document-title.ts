import { useEffect } from 'react';
import { useAppTitle } from './use-config';

/** Sets the browser tab title to "<page> · <app>" (or just the app title). */
export function useDocumentTitle(pageTitle?: string): void {
  const appTitle = useAppTitle();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appTitle}` : appTitle;
  }, [pageTitle, appTitle]);
}
