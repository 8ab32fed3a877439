import { renderListPage, type Row } from './list-page';

/**
 * The /products floor (test/bench/web-size.ts), opened signed in: the /login floor
 * without its form and sign-in call (a signed-in page loads neither) plus the session's
 * token for the API and the Cloudscape frame and list of a back-office page
 * (./list-page.tsx). No texts, no app code: no signed-in list page on this stack can
 * load less.
 */
renderListPage({
  readRows: (body) => (body as { items: Row[] }).items,
  text: (key) => key,
});
