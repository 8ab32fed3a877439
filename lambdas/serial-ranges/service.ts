import { actorOf, type Caller } from '../shared/http';
import type { Page } from '../shared/contract/schemas/product-record';
import type {
  ListSerialRangesQuery,
  SerialRange,
  SerialRangeDetail,
  SerialRangeFields,
} from '../shared/contract/schemas/serial-range';
import { NotFoundError, ValidationError } from '../shared/errors';
import { getStats } from '../shared/data/counters';
import * as ranges from './repository';

export async function listSerialRanges(query: ListSerialRangesQuery): Promise<Page<SerialRange>> {
  if ((query.filter || query.productId) && query.sort !== 'startSerial') {
    throw new ValidationError({ sort: { key: 'validation.filterNeedsNameSort' } });
  }
  const page = await ranges.listSerialRanges(query);
  let total: number | null = null;
  if (query.productId && !query.filter) {
    total = await ranges.countProductRanges(query.productId);
  } else if (!query.filter) {
    total = (await getStats()).serialRanges;
  }
  return { ...page, total };
}

export async function getSerialRange(id: string): Promise<SerialRangeDetail> {
  const range = await ranges.getSerialRange(id);
  if (!range) throw new NotFoundError('errors.serialRangeNotFound');
  return ranges.rangeDetail(range);
}

export async function lookupSerial(serial: string): Promise<SerialRange> {
  const range = await ranges.findRangeContaining(serial);
  if (!range) throw new NotFoundError('errors.serialNotInRange');
  return range;
}

export const createSerialRange = (fields: SerialRangeFields, caller: Caller) =>
  ranges.createSerialRange(fields, actorOf(caller));

export const updateSerialRange = (
  id: string,
  { version, ...fields }: SerialRangeFields & { version: number },
  caller: Caller,
) => ranges.updateSerialRange(id, fields, version, actorOf(caller));

export const deleteSerialRange = (id: string, caller: Caller) =>
  ranges.deleteSerialRange(id, actorOf(caller));
