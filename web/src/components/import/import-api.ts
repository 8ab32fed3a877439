import { importApi } from '../../../../lambdas/shared/contract/api/imports';
import {
  importBodyLimitBytes,
  type ImportJob,
} from '../../../../lambdas/shared/contract/schemas/imports';
import { api } from '../../lib/api-client';
import { importWaitMs, partCuts } from './import-flow';

/** `GET /api/imports/{id}`: where an import stands (rows written, outcome). */
export function readImport(id: string): Promise<ImportJob> {
  return api(importApi, 'GET /api/imports/{id}', { params: { id } });
}

/** How an import request names a file sent in parts (none: the request carries the file). */
export interface ImportUpload {
  uploadId?: string;
  parts?: number;
}

/**
 * Sends a file to an import route (`send`): whole when one request takes it (3 MB), else in
 * parts of at most 3 MB cut at line ends first (`PUT /api/imports/uploads/{uploadId}/parts/
 * {part}`, one after the other; the server joins them byte for byte), the request then
 * naming the upload and carrying no file.
 */
export async function sendImportFile<T>(
  file: Blob,
  send: (upload: ImportUpload, content: Blob | string) => Promise<T>,
): Promise<T> {
  if (file.size <= importBodyLimitBytes) return send({}, file);
  const cuts = partCuts(new Uint8Array(await file.arrayBuffer()), importBodyLimitBytes);
  const uploadId = crypto.randomUUID();
  const parts = cuts.length - 1;
  for (let part = 1; part <= parts; part++) {
    await api(importApi, 'PUT /api/imports/uploads/{uploadId}/parts/{part}', {
      params: { uploadId, part },
      text: { content: file.slice(cuts[part - 1], cuts[part]), contentType: 'text/csv' },
      timeoutMs: importWaitMs,
    });
  }
  return send({ uploadId, parts }, '');
}
