import type { LabelLanguage } from '../../../../lambdas/shared/contract/labels';
import {
  serialRangeDetailSchema,
  serialRangeSchema,
  type SerialRange,
  type SerialRangeDetail,
  type SerialRangeFields,
} from '../../../../lambdas/shared/contract/schemas/serial-range';
import { serialAsTyped } from '../../../../lambdas/shared/contract/serial';
import { apiDownload, apiRequest, parseAnswer } from '../../lib/api-client';
import {
  cursorPageSchema,
  fetchAllPages,
  pageLimit,
  wholePageSize,
  type CursorPage,
  type SortOrder,
} from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

export const serialRangesPath = '/api/serial-numbers';

/** Longest filter the API accepts (`listSerialRangesQuerySchema`). */
export const maxSerialFilterLength = 60;

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

const serialRangePageSchema = cursorPageSchema(serialRangeSchema);

export async function listSerialRanges(
  query: SerialRangeListQuery,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<SerialRange>> {
  const body = await apiRequest<unknown>(serialRangesPath, {
    query: serialRangeListQuery(query, page),
    signal,
  });
  return parseAnswer(serialRangePageSchema, body);
}

export const fetchSerialRangePage: FetchPage<SerialRangeListQuery, SerialRange> = (
  { query, pageSize, cursor },
  signal,
) => listSerialRanges(query, { pageSize, cursor }, signal);

/** Every range of the list as shown (filters and order), for an export. */
export function listAllSerialRanges(query: SerialRangeListQuery): Promise<SerialRange[]> {
  return fetchAllPages((cursor) => listSerialRanges(query, { pageSize: wholePageSize, cursor }));
}

export function serialRangePath(id: string): `/api/serial-numbers/${string}` {
  return `${serialRangesPath}/${encodeURIComponent(id)}`;
}

/** Reads `GET /api/serial-numbers/{id}` (for `useApiQuery`). */
export function parseSerialRange(body: unknown): SerialRange {
  return parseAnswer(serialRangeSchema, body);
}

/**
 * Reads `GET /api/serial-numbers/{id}` with what the range's units hold (test results,
 * issued reports): the delete dialog says it before anyone confirms.
 */
export function parseSerialRangeDetail(body: unknown): SerialRangeDetail {
  return parseAnswer(serialRangeDetailSchema, body);
}

export async function getSerialRange(id: string): Promise<SerialRange> {
  return parseSerialRange(await apiRequest<unknown>(serialRangePath(id)));
}

/** 409 `already-exists` with `fields.startSerial` naming the range it overlaps. */
export async function createSerialRange(fields: SerialRangeFields): Promise<SerialRange> {
  return parseSerialRange(
    await apiRequest<unknown>(serialRangesPath, { method: 'POST', body: fields }),
  );
}

/** Replaces the fields if `version` is still the current one (else 409 `aborted`). */
export async function updateSerialRange(
  id: string,
  fields: SerialRangeFields,
  version: number,
): Promise<SerialRange> {
  return parseSerialRange(
    await apiRequest<unknown>(serialRangePath(id), {
      method: 'PUT',
      body: { ...fields, version },
    }),
  );
}

/** Refused (400 `failed-precondition`, `errors.rangeHoldsData`) while its units hold data. */
export async function deleteSerialRange(id: string): Promise<void> {
  await apiRequest<unknown>(serialRangePath(id), { method: 'DELETE' });
}

/** The range holding a serial; 404 (`errors.serialNotInRange`) when none does. */
export async function lookupSerial(serial: string): Promise<SerialRange> {
  return parseSerialRange(
    await apiRequest<unknown>(`${serialRangesPath}/lookup`, {
      query: { serial: serialAsTyped(serial) },
    }),
  );
}

/** One part of a label run as the API answers it (`GET /api/serial-numbers/{id}/labels`). */
export interface LabelPartFile {
  blob: Blob;
  fileName: string;
  /** Parts of the whole run, as the API counted them. */
  parts: number;
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
  const { blob, headers } = await apiDownload(`${serialRangePath(rangeId)}/labels`, {
    query: {
      from: serialAsTyped(query.from),
      to: serialAsTyped(query.to),
      layout: query.layout,
      size: query.size,
      part: query.part,
      language: query.language,
    },
    signal,
  });
  const disposition = headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `labels-${query.part + 1}.pdf`;
  return { blob, fileName, parts: Number(headers.get('x-label-parts') ?? 1) };
}
