import { readCsvRecords, type CsvRecordRules, type CsvRecords } from '../csv-records';
import { maxImportRows } from './imports';
import { productFieldsSchema, type ProductFields } from './product';

/**
 * A products file (`POST /api/products/import`, docs/api.md "Imports"): the columns of the
 * products list's export (web: features/products/product-csv.ts), each product field under
 * its API name, both languages' texts (`name`, `nameZh`, ...). The export's own columns
 * (`id`, `version`, `createdAt`, `updatedAt`) are read and ignored, so an exported file,
 * edited, goes back in; any other column is refused by name.
 */
export const productImportRules: CsvRecordRules<ProductFields> = {
  required: ['name', 'temperatureMin', 'temperatureMax', 'fluid', 'connection'],
  ignored: ['id', 'version', 'createdAt', 'updatedAt'],
  numeric: new Set([
    'temperatureMin',
    'temperatureMax',
    'pressureFC',
    'pressureWCB',
    'pressureSUS',
  ]),
  schema: productFieldsSchema,
  maxRows: maxImportRows,
};

/** Reads a products file: its rows as products, and every problem of every row. */
export const readProductsCsv = (input: Uint8Array | string): CsvRecords<ProductFields> =>
  readCsvRecords(input, productImportRules);
