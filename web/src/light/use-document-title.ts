import { useEffect } from 'react';

/** Sets the browser tab title (the page has no app shell to do it). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
