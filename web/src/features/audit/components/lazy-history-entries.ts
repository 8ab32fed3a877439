import { lazy } from 'react';

/**
 * The entries table, a chunk fetched the first time a history is opened or the profile's
 * recent activity is shown.
 */
export const LazyHistoryEntries = lazy(() => import('./history-entries'));
