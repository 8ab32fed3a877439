import { getProduct } from '../products/repository';
import { getSerialRange } from '../serial-ranges/repository';
import { elementString, identityLink } from '../shared/contract/gs1';
import {
  bodyMaterialLine,
  labelFormat,
  labelPartCount,
  labelsPerPart,
  type LabelsQuery,
} from '../shared/contract/labels';
import { productInLanguage } from '../shared/contract/schemas/product-record';
import { parseSerial } from '../shared/contract/serial';
import { NotFoundError, ValidationError } from '../shared/errors';
import { identityLinkBase } from '../shared/identity-link';
import { renderLabelSheet, type LabelUnit } from './render';
import { workQueue } from '../shared/work-queue';

export interface LabelPart {
  pdf: Uint8Array;
  fileName: string;
  parts: number;
  count: number;
  part: number;
}

/** One sheet renders at a time in a process, three more wait (lambdas/shared/work-queue.ts). */
const renders = workQueue({ running: 1, waiting: 3 });

/**
 * One part of a label run: the range (its product's name and body material in the sheet's
 * language), the serials from `from` to `to` within it, and the labels of part `part` (a
 * fixed number of pages per part, so the memory of one request stays bounded whatever the
 * run's size).
 */
export async function labelPart(rangeId: string, query: LabelsQuery): Promise<LabelPart> {
  const range = await getSerialRange(rangeId);
  if (!range) throw new NotFoundError('errors.serialRangeNotFound');
  const format = labelFormat(query.layout, query.size)!;
  const first = query.from ? parseSerial(query.from) : parseSerial(range.startSerial);
  const last = query.to ? parseSerial(query.to) : parseSerial(range.endSerial);
  const outside = {
    key: 'errors.labelSerialOutside' as const,
    params: { start: range.startSerial, end: range.endSerial },
  };
  const within = (serial: ReturnType<typeof parseSerial>) =>
    serial !== null &&
    serial.prefix === range.prefix &&
    serial.digits.length === range.width &&
    serial.number >= range.startNumber &&
    serial.number <= range.endNumber;
  if (!within(first)) throw new ValidationError({ from: outside }, outside.key, outside.params);
  if (!within(last) || last!.number < first!.number) {
    throw new ValidationError({ to: outside }, outside.key, outside.params);
  }
  const count = last!.number - first!.number + 1;
  const parts = labelPartCount(count, format);
  if (query.part >= parts) {
    throw new ValidationError(
      { part: { key: 'errors.labelPartOutside', params: { parts } } },
      'errors.labelPartOutside',
      { parts },
    );
  }

  const product = await getProduct(range.productId);
  const base = await identityLinkBase();
  const start = first!.number + query.part * labelsPerPart(format);
  const end = Math.min(last!.number, start + labelsPerPart(format) - 1);
  const units: LabelUnit[] = [];
  for (let number = start; number <= end; number++) {
    const unit = {
      serial: `${range.prefix}${String(number).padStart(range.width, '0')}`,
      gtin: range.gtin,
    };
    units.push({
      serial: unit.serial,
      link: identityLink(base, unit),
      elementString: elementString(unit),
    });
  }
  // The product's name in the sheet's language (its Chinese name where it has one).
  const name = product ? productInLanguage(product, query.language).name : '';
  const run = `${first!.serial}–${last!.serial}`;
  const pdf = await renders(() =>
    renderLabelSheet({
      format,
      productName: name,
      bodyMaterial:
        range.bodyMaterial === null ? null : bodyMaterialLine(range.bodyMaterial, query.language),
      units,
      title: parts > 1 ? `${run} (${query.part + 1}/${parts})` : run,
    }),
  );
  const fileName = `labels-${first!.serial}-${last!.serial}${parts > 1 ? `-part-${query.part + 1}-of-${parts}` : ''}.pdf`;
  return {
    pdf,
    fileName: fileName.replace(/[^A-Za-z0-9._-]/g, '_'),
    parts,
    count,
    part: query.part,
  };
}
