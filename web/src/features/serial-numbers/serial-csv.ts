import type { Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { recordsToCsv, type CsvColumn } from '../../lib/csv';

/**
 * The serial number export: every field under its API name, plus the product's name
 * next to its id (empty when the product is not known) so the file reads on its own.
 */
export function serialRangeCsvColumns(
  productNames: ReadonlyMap<string, Pick<Product, 'name'>>,
): readonly CsvColumn<SerialRange>[] {
  return [
    { header: 'id', value: (range) => range.id },
    { header: 'productId', value: (range) => range.productId },
    { header: 'productName', value: (range) => productNames.get(range.productId)?.name },
    // The code (FC, WCB, SUS) as the API writes it; empty when none is recorded.
    { header: 'bodyMaterial', value: (range) => range.bodyMaterial },
    { header: 'startSerial', value: (range) => range.startSerial },
    { header: 'endSerial', value: (range) => range.endSerial },
    { header: 'totalUnits', value: (range) => range.totalUnits },
    { header: 'productionDate', value: (range) => range.productionDate },
    { header: 'version', value: (range) => range.version },
    { header: 'createdAt', value: (range) => range.createdAt },
    { header: 'updatedAt', value: (range) => range.updatedAt },
  ];
}

export function serialRangesCsv(
  ranges: readonly SerialRange[],
  productNames: ReadonlyMap<string, Pick<Product, 'name'>>,
): string {
  return recordsToCsv(serialRangeCsvColumns(productNames), ranges);
}
