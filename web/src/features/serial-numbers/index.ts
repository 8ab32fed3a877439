/**
 * Public surface of the serial numbers feature, for pages that print a unit's label (the
 * unit's page). Pages are not exported: the router lazy-loads them.
 */
export { PrintLabelsModal } from './components/print-labels-modal';
/** The product choice of the serial numbers list and form, for the statistics page's filter. */
export { ProductSelect } from './components/product-select';
