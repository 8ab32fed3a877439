/**
 * Public surface of the audit trail, for the pages that show a record's history. Both
 * pieces are small: the history table and its requests load only when it is opened. The
 * Activity page is not exported: the router lazy-loads it.
 */
export { RecordHistory } from './components/record-history';
export { RecordHistoryModal } from './components/record-history-modal';
