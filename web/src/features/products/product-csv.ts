import type { Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import { recordsToCsv, type CsvColumn } from '../../lib/csv';

/**
 * The product export: every field under its API name, with raw values (`water`,
 * `-29`, ISO times) that read back without guessing, empty for none.
 */
export const productCsvColumns: readonly CsvColumn<Product>[] = [
  { header: 'id', value: (product) => product.id },
  { header: 'name', value: (product) => product.name },
  { header: 'nameZh', value: (product) => product.nameZh },
  { header: 'temperatureMax', value: (product) => product.temperatureMax },
  { header: 'temperatureMin', value: (product) => product.temperatureMin },
  { header: 'fluid', value: (product) => product.fluid },
  { header: 'connection', value: (product) => product.connection },
  { header: 'connectionZh', value: (product) => product.connectionZh },
  { header: 'pressureFC', value: (product) => product.pressureFC },
  { header: 'pressureWCB', value: (product) => product.pressureWCB },
  { header: 'pressureSUS', value: (product) => product.pressureSUS },
  { header: 'application', value: (product) => product.application },
  { header: 'applicationZh', value: (product) => product.applicationZh },
  { header: 'applicationMedium', value: (product) => product.applicationMedium },
  { header: 'applicationMediumZh', value: (product) => product.applicationMediumZh },
  { header: 'gtin', value: (product) => product.gtin },
  { header: 'version', value: (product) => product.version },
  { header: 'createdAt', value: (product) => product.createdAt },
  { header: 'updatedAt', value: (product) => product.updatedAt },
];

export function productsCsv(products: readonly Product[]): string {
  return recordsToCsv(productCsvColumns, products);
}
