/**
 * Public surface of the products feature, for features that refer to products
 * (serial number ranges). Pages are not exported: the router lazy-loads them.
 */
export { listAllProducts } from './api';
export { useAllProducts, type AllProducts, type AllProductsState } from './use-all-products';
