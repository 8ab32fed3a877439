/**
 * Public surface of the units feature, for the pages that list test results (machine data):
 * voiding a result and how a voided or uploaded result reads. The unit's page is not
 * exported: the router lazy-loads it.
 */
export { MeasuredValue, VoidNote, VoidableText } from './components/result-cells';
export { BulkVoidModal } from './components/bulk-void-modal';
export { VoidResultModal } from './components/void-result-modal';
export { resultSource } from './unit-format';
