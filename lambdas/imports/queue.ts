import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportQuery, ImportSummary } from '../shared/contract/schemas/imports';
import { actorOf, type Caller } from '../shared/http/types';
import { ValidationError } from '../shared/errors';
import { joinImportParts, storeImportFile } from './import-files';
import { insertImportJob, toJob, type ImportKind } from './jobs';

/**
 * The file an import request is about: its body, or the upload it names (`uploadId` and
 * `parts`, the body empty), the sender's parts joined.
 */
export async function requestFile(
  body: Uint8Array,
  caller: Caller,
  query: Pick<ImportQuery, 'uploadId' | 'parts'>,
): Promise<Uint8Array> {
  const { uploadId, parts } = query;
  if (uploadId === undefined && parts === undefined) return body;
  if (uploadId === undefined || parts === undefined) {
    throw new ValidationError({
      [uploadId === undefined ? 'uploadId' : 'parts']: { key: 'validation.required' },
    });
  }
  if (body.length > 0) throw new ValidationError({}, 'errors.importBodyWithUpload');
  return joinImportParts(caller.sub, uploadId, parts);
}

/** An import request's answer: a dry run's summary, or the queued import (202). */
export type ImportAnswer = { status: 200; body: ImportSummary } | { status: 202; body: ImportJob };

/**
 * The end of an import request whose file checked (docs/api.md, "Imports"): a dry run
 * answers what it found; otherwise the file is kept, then the import's item inserted (which
 * starts the worker), and the answer is the import, which `GET /api/imports/{id}` follows.
 */
export async function checkedImport(
  kind: ImportKind,
  body: Uint8Array,
  rows: number,
  caller: Caller,
  query: ImportQuery,
): Promise<ImportAnswer> {
  if (query.dryRun) {
    return { status: 200, body: { rows, created: 0, dryRun: true, batchId: null } };
  }
  const id = randomUUID();
  const fileKey = await storeImportFile(id, body);
  const now = new Date().toISOString();
  const item = {
    type: 'importJob' as const,
    id,
    kind,
    status: 'queued' as const,
    rows,
    written: 0,
    fileName: query.fileName || null,
    createdAt: now,
    updatedAt: now,
    error: null,
    actor: actorOf(caller),
    fileKey,
  };
  await insertImportJob(item);
  return { status: 202, body: toJob(item) };
}
