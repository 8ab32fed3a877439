/**
 * Public surface of the audit trail, for the pages that show a record's history and for
 * the profile's recent activity. The pieces are small: the entries table and its
 * requests load only when shown. The Activity page is not exported: the router
 * lazy-loads it.
 */
export { EntriesHistory } from './components/entries-history';
export { RecentActivity } from './components/recent-activity';
export { RecordHistory } from './components/record-history';
export { RecordHistoryModal } from './components/record-history-modal';
