import * as z from 'zod';
import { readCsvRecords, type CsvRecordRules, type CsvRecords } from '../csv-records';
import { canonical } from '../text';
import { maxImportRows } from './imports';
import { checkRange, rangeShape } from './serial-range';

/** The longest product name (product.ts `name`): a longer one names no product. */
const productNameMaxLength = 120;

/**
 * One range of a ranges file: its product named by its name (the export's `productName`
 * column; matched regardless of case, as names are unique), the range's own fields as the
 * form takes them.
 */
export const rangeImportRowSchema = z
  .strictObject({
    productName: z.string().trim().min(1).max(productNameMaxLength).transform(canonical),
    startSerial: rangeShape.startSerial,
    endSerial: rangeShape.endSerial,
    productionDate: rangeShape.productionDate,
    bodyMaterial: rangeShape.bodyMaterial,
  })
  .superRefine(checkRange);
export type RangeImportRow = z.infer<typeof rangeImportRowSchema>;

/**
 * A serial number ranges file (`POST /api/serial-numbers/import`, docs/api.md "Imports"): the
 * columns of the ranges list's export (web: features/serial-numbers/serial-csv.ts). A range
 * names its product by `productName`, the column the export writes for people (a product's
 * id means nothing to whoever edits the file, and an id copied from another site's export
 * names nothing here); the export's own columns (`id`, `productId`, `totalUnits`, `version`,
 * `createdAt`, `updatedAt`) are read and ignored.
 */
export const rangeImportRules: CsvRecordRules<RangeImportRow> = {
  required: ['productName', 'startSerial', 'endSerial', 'productionDate'],
  ignored: ['id', 'productId', 'totalUnits', 'version', 'createdAt', 'updatedAt'],
  numeric: new Set(),
  schema: rangeImportRowSchema,
  maxRows: maxImportRows,
};

/** Reads a ranges file: its rows as ranges, and every problem of every row. */
export const readRangesCsv = (input: Uint8Array | string): CsvRecords<RangeImportRow> =>
  readCsvRecords(input, rangeImportRules);
