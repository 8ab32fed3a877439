import { getProduct } from '../products/repository';
import { getSerialRange } from '../serial-ranges/repository';
import { elementString, identityLink } from '../shared/contract/gs1';
import {
  bodyMaterialLine,
  labelFormat,
  labelPartCount,
  labelRunIds,
  labelsPerPart,
  maxLabelRunLabels,
  maxLabelRunRanges,
  type LabelRunQuery,
  type LabelsQuery,
} from '../shared/contract/labels';
import { productInLanguage } from '../shared/contract/schemas/product-record';
import { parseSerial } from '../shared/contract/serial';
import { NotFoundError, ValidationError } from '../shared/errors';
import { identityLinkBase } from '../shared/identity-link';
import { renderLabelRuns, renderLabelSheet, type LabelRun, type LabelUnit } from './render';
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
  const units = rangeUnits(range, start, end, base);
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

/** The labels of serials `first` to `last` (numbers) of a range. */
function rangeUnits(
  range: { prefix: string; width: number; gtin: string | null },
  first: number,
  last: number,
  base: string,
): LabelUnit[] {
  const units: LabelUnit[] = [];
  for (let number = first; number <= last; number++) {
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
  return units;
}

/**
 * One part of a run of several whole ranges (`GET /api/serial-numbers/labels?ids=`): the
 * ranges in the order named, their labels one after another, cut into parts as a run of
 * one range is. Every range must exist (404 naming none of the others), at most
 * {@link maxLabelRunRanges} of them and {@link maxLabelRunLabels} labels in all (400 with
 * the catalogue's words); each part reads only the products of its own ranges.
 */
/** The longest record id (`idParams`). */
const maxIdLength = 64;

export async function labelRunPart(query: LabelRunQuery): Promise<LabelPart> {
  const ids = labelRunIds(query.ids);
  if (ids.length === 0 || ids.length > maxLabelRunRanges) {
    const params = { max: maxLabelRunRanges };
    throw new ValidationError(
      { ids: { key: 'errors.labelRunRanges', params } },
      'errors.labelRunRanges',
      params,
    );
  }
  // An id no record can have (idParams: at most 64 characters) names no range, as on `{id}`.
  if (ids.some((id) => id.length > maxIdLength)) {
    throw new NotFoundError('errors.serialRangeNotFound');
  }
  const ranges = await Promise.all(ids.map((id) => getSerialRange(id)));
  if (ranges.some((range) => !range)) throw new NotFoundError('errors.serialRangeNotFound');
  const found = ranges.map((range) => range!);
  const count = found.reduce((sum, range) => sum + range.endNumber - range.startNumber + 1, 0);
  if (count > maxLabelRunLabels) {
    const params = { max: maxLabelRunLabels, count };
    throw new ValidationError(
      { ids: { key: 'errors.labelRunTooLarge', params } },
      'errors.labelRunTooLarge',
      params,
    );
  }
  const format = labelFormat(query.layout, query.size)!;
  const parts = labelPartCount(count, format);
  if (query.part >= parts) {
    throw new ValidationError(
      { part: { key: 'errors.labelPartOutside', params: { parts } } },
      'errors.labelPartOutside',
      { parts },
    );
  }

  // The labels of this part: positions `start` to `end` (0-based) of the whole run.
  const start = query.part * labelsPerPart(format);
  const end = Math.min(count, start + labelsPerPart(format)) - 1;
  const base = await identityLinkBase();
  const pieces: { range: (typeof found)[number]; first: number; last: number }[] = [];
  let offset = 0;
  for (const range of found) {
    const size = range.endNumber - range.startNumber + 1;
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + size - 1);
    if (from <= to) {
      pieces.push({
        range,
        first: range.startNumber + from - offset,
        last: range.startNumber + to - offset,
      });
    }
    offset += size;
  }
  const productIds = [...new Set(pieces.map((piece) => piece.range.productId))];
  const products = new Map(
    await Promise.all(productIds.map(async (id) => [id, await getProduct(id)] as const)),
  );
  const runs: LabelRun[] = pieces.map(({ range, first, last }) => {
    const product = products.get(range.productId);
    return {
      // The product's name in the sheet's language (its Chinese name where it has one).
      productName: product ? productInLanguage(product, query.language).name : '',
      bodyMaterial:
        range.bodyMaterial === null ? null : bodyMaterialLine(range.bodyMaterial, query.language),
      units: rangeUnits(range, first, last, base),
    };
  });
  const title = `${found.length} ranges: ${found[0]!.startSerial}–${found.at(-1)!.endSerial}`;
  const pdf = await renders(() =>
    renderLabelRuns({
      format,
      title: parts > 1 ? `${title} (${query.part + 1}/${parts})` : title,
      creator: 'Serial number ranges',
      runs,
    }),
  );
  const fileName = `labels-${found.length}-ranges-${found[0]!.startSerial}${parts > 1 ? `-part-${query.part + 1}-of-${parts}` : ''}.pdf`;
  return {
    pdf,
    fileName: fileName.replace(/[^A-Za-z0-9._-]/g, '_'),
    parts,
    count,
    part: query.part,
  };
}
