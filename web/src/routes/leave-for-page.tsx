import { useEffect } from 'react';
import { PageLoader } from '../components/page-loader';
import { handToastsToNextPage } from '../components/toast/toast-provider';

/** The path this document was loaded at, before any client-side navigation. */
const loadedAt = window.location.pathname;

/**
 * A page that another entry serves: the public Test Report Center (/search, search.html)
 * and the sign-in page (/login, login.html) are light pages of their own, so reaching
 * them from inside the back office is a full page load, query string kept. If this very document was served for that path (a server
 * without the page rule), the file itself is asked for instead, so it cannot loop.
 */
export function LeaveForPage({ path, file }: { path: string; file: string }) {
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const target = pathname === loadedAt ? file : path;
    handToastsToNextPage();
    window.location.replace(`${target}${search}${hash}`);
  }, [path, file]);
  return <PageLoader />;
}
