import { lazy } from 'react';

/** The history table, a chunk fetched the first time a history is opened. */
export const LazyHistoryEntries = lazy(() => import('./history-entries'));
