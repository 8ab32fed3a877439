import { labelApi } from '../../../../lambdas/shared/contract/api/labels';
import { serialRangeApi } from '../../../../lambdas/shared/contract/api/serial-ranges';
import type { LabelLanguage } from '../../../../lambdas/shared/contract/labels';
import {
  serialRangeFilterMaxLength,
  type SerialRange,
  type SerialRangeFields,
} from '../../../../lambdas/shared/contract/schemas/serial-range';
import { serialAsTyped } from '../../../../lambdas/shared/contract/serial';
import { api, answerParser, apiDownload } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';
import {
  fetchAllPages,
  pageLimit,
  wholePageSize,
  type CursorPage,
  type SortOrder,
} from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';
import { sendImportFile } from '../../components/import/import-api';
import { importWaitMs, type SendImport } from '../../components/import/import-flow';

/** Longest filter the API accepts (the contract's). */
export const maxSerialFilterLength = serialRangeFilterMaxLength;

export type SerialRangeSort = 'startSerial' | 'updatedAt';

/** What the serial number table asks for, besides the page. */
export interface SerialRangeListQuery {
  sort: SerialRangeSort;
  order: SortOrder;
  /** Start of the starting serials to show, as typed. */
  filter: string;
  /** Only this product's ranges; empty for all products. */
  productId: string;
}

/**
 * The order the list is really shown in: the API filters (by serial or by product)
 * only in serial order, so either turns an update-order list into serial order
 * (ascending); otherwise the chosen order stands.
 */
export function effectiveSerialRangeSort(
  query: Pick<SerialRangeListQuery, 'sort' | 'order' | 'filter' | 'productId'>,
): Pick<SerialRangeListQuery, 'sort' | 'order'> {
  const narrowed = query.filter.trim() !== '' || query.productId !== '';
  if (narrowed && query.sort !== 'startSerial') return { sort: 'startSerial', order: 'asc' };
  return { sort: query.sort, order: query.order };
}

/**
 * The query of `GET /api/serial-numbers`: `limit` within 1..1000, the opaque `cursor`
 * as received, the effective sort and order, the filter trimmed and upper-cased (as
 * serials are stored), and the product; empty values are left out.
 */
export function serialRangeListQuery(
  query: SerialRangeListQuery,
  page: { pageSize: number; cursor?: string },
): {
  limit: number;
  cursor?: string;
  sort: SerialRangeSort;
  order: SortOrder;
  filter?: string;
  productId?: string;
} {
  const limit = pageLimit(page.pageSize);
  // Text that is no serial's (normalizeSerial: null) goes as typed: the API refuses it.
  const filter = serialAsTyped(query.filter).slice(0, maxSerialFilterLength).trim();
  const productId = query.productId.trim();
  return {
    limit,
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...effectiveSerialRangeSort(query),
    ...(filter ? { filter } : {}),
    ...(productId ? { productId } : {}),
  };
}

export function listSerialRanges(
  query: SerialRangeListQuery,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<SerialRange>> {
  return api(serialRangeApi, 'GET /api/serial-numbers', {
    query: serialRangeListQuery(query, page),
    signal,
  });
}

export const fetchSerialRangePage: FetchPage<SerialRangeListQuery, SerialRange> = (
  { query, pageSize, cursor },
  signal,
) => listSerialRanges(query, { pageSize, cursor }, signal);

/** Every range of the list as shown (filters and order), for an export. */
export function listAllSerialRanges(query: SerialRangeListQuery): Promise<SerialRange[]> {
  return fetchAllPages((cursor) => listSerialRanges(query, { pageSize: wholePageSize, cursor }));
}

/** `/api/serial-numbers/{id}`, for `useApiQuery`. */
export function serialRangePath(id: string): `/api/${string}` {
  return routeUrl(serialRangeApi, 'GET /api/serial-numbers/{id}', { params: { id } });
}

/**
 * Reads `GET /api/serial-numbers/{id}` (for `useApiQuery`): the range with what its units
 * hold (test results, issued reports), which the delete dialog says before anyone confirms.
 */
export const parseSerialRange = answerParser(serialRangeApi, 'GET /api/serial-numbers/{id}');

export function getSerialRange(id: string): Promise<SerialRange> {
  return api(serialRangeApi, 'GET /api/serial-numbers/{id}', { params: { id } });
}

/** 409 `already-exists` with `fields.startSerial` naming the range it overlaps. */
export function createSerialRange(fields: SerialRangeFields): Promise<SerialRange> {
  return api(serialRangeApi, 'POST /api/serial-numbers', { body: fields });
}

/**
 * `POST /api/serial-numbers/import`: a CSV file of ranges in the export's columns (each naming
 * its product by name), all stored or none; `dryRun` checks it whole and stores nothing. A
 * refused file is a 400 naming every problem `row <line>.<column>`.
 */
export const importSerialRanges: SendImport = (file, { dryRun, fileName }) =>
  sendImportFile(file, (upload, content) =>
    api(serialRangeApi, 'POST /api/serial-numbers/import', {
      query: { dryRun: dryRun ? 'true' : undefined, fileName, ...upload },
      text: { content, contentType: 'text/csv' },
      timeoutMs: importWaitMs,
    }),
  );

/** Replaces the fields if `version` is still the current one (else 409 `aborted`). */
export function updateSerialRange(
  id: string,
  fields: SerialRangeFields,
  version: number,
): Promise<SerialRange> {
  return api(serialRangeApi, 'PUT /api/serial-numbers/{id}', {
    params: { id },
    body: { ...fields, version },
  });
}

/** Refused (400 `failed-precondition`, `errors.rangeHoldsData`) while its units hold data. */
export async function deleteSerialRange(id: string): Promise<void> {
  await api(serialRangeApi, 'DELETE /api/serial-numbers/{id}', { params: { id } });
}

/** The range holding a serial; 404 (`errors.serialNotInRange`) when none does. */
export function lookupSerial(serial: string): Promise<SerialRange> {
  return api(serialRangeApi, 'GET /api/serial-numbers/lookup', {
    query: { serial: serialAsTyped(serial) },
  });
}

/** One part of a label run as the API answers it (`GET /api/serial-numbers/{id}/labels`). */
export interface LabelPartFile {
  blob: Blob;
  fileName: string;
  /** Parts of the whole run, as the API counted them. */
  parts: number;
}

/** A part of a run of labels as the API sends it: the PDF, its file name, the run's parts. */
async function labelPartFile(
  url: `/api/${string}`,
  part: number,
  signal: AbortSignal | undefined,
): Promise<LabelPartFile> {
  const { blob, headers } = await apiDownload(url, { signal });
  const disposition = headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `labels-${part + 1}.pdf`;
  return { blob, fileName, parts: Number(headers.get('x-label-parts') ?? 1) };
}

/**
 * Fetches part `part` (0-based) of a run of nameplate labels as a PDF, its words (the body
 * material line) in `language`.
 */
export async function fetchLabelPart(
  rangeId: string,
  query: {
    from: string;
    to: string;
    layout: string;
    size: string;
    part: number;
    language: LabelLanguage;
  },
  signal?: AbortSignal,
): Promise<LabelPartFile> {
  const url = routeUrl(labelApi, 'GET /api/serial-numbers/{id}/labels', {
    params: { id: rangeId },
    query: {
      from: serialAsTyped(query.from),
      to: serialAsTyped(query.to),
      layout: query.layout,
      size: query.size,
      part: query.part,
      language: query.language,
    },
  });
  return labelPartFile(url, query.part, signal);
}

/**
 * Fetches part `part` (0-based) of a run of the labels of several whole ranges (`GET
 * /api/serial-numbers/labels`), the ranges in the order given.
 */
export async function fetchLabelRunPart(
  rangeIds: readonly string[],
  query: { layout: string; size: string; part: number; language: LabelLanguage },
  signal?: AbortSignal,
): Promise<LabelPartFile> {
  const url = routeUrl(labelApi, 'GET /api/serial-numbers/labels', {
    query: { ids: rangeIds.join(','), ...query },
  });
  return labelPartFile(url, query.part, signal);
}
