import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getS3 } from '../shared/aws/s3';
import { getConfig } from '../shared/config';
import { importFileLimitBytes } from '../shared/contract/schemas/imports';
import { DomainError, ValidationError } from '../shared/errors';

/**
 * The files of the catalogue imports: kept in the reports bucket under `imports/` by the
 * import's request, read and removed by the import worker, and the parts of a file too large
 * for one request, kept by `PUT /api/imports/uploads/{uploadId}/parts/{part}` under the
 * sender's own name until the import reads them (a lifecycle rule removes anything left there
 * after two days). A module of its own, so the import's progress route carries no S3 client.
 */

export const importFileKey = (id: string) => `imports/${id}.csv`;

/** Keeps an import's checked file; answers its key. */
export async function storeImportFile(id: string, body: Uint8Array): Promise<string> {
  const key = importFileKey(id);
  await getS3().send(
    new PutObjectCommand({
      Bucket: getConfig().REPORTS_BUCKET,
      Key: key,
      Body: body,
      ContentType: 'text/csv; charset=utf-8',
    }),
  );
  return key;
}

/** An import's file (its bytes as they were checked). */
export async function readImportFile(item: { fileKey: string }): Promise<Uint8Array> {
  const object = await getS3().send(
    new GetObjectCommand({ Bucket: getConfig().REPORTS_BUCKET, Key: item.fileKey }),
  );
  return object.Body!.transformToByteArray();
}

/** Removes a finished import's file. */
export async function removeImportFile(item: { fileKey: string }): Promise<void> {
  await getS3().send(
    new DeleteObjectCommand({ Bucket: getConfig().REPORTS_BUCKET, Key: item.fileKey }),
  );
}

/** Where a part of an upload is kept: under its sender, so no one reads or fills another's. */
const partKey = (sender: string, uploadId: string, part: number) =>
  `imports/uploads/${sender}/${uploadId}/${part}`;

/** Keeps part `part` of a sender's upload (a later send of the same part replaces it). */
export async function storeImportPart(
  sender: string,
  uploadId: string,
  part: number,
  body: Uint8Array,
): Promise<void> {
  await getS3().send(
    new PutObjectCommand({
      Bucket: getConfig().REPORTS_BUCKET,
      Key: partKey(sender, uploadId, part),
      Body: body,
      ContentType: 'text/csv; charset=utf-8',
    }),
  );
}

/**
 * The file a sender's upload makes: its parts 1 to `parts`, in order, joined byte for byte
 * (a character split between two parts is whole again). A part missing is refused naming it
 * (400 `errors.importPartMissing`, on `parts`); a file over 20 MB in all is refused as too
 * large (413).
 */
export async function joinImportParts(
  sender: string,
  uploadId: string,
  parts: number,
): Promise<Uint8Array> {
  const read = await Promise.all(
    Array.from({ length: parts }, async (_, index) => {
      try {
        const object = await getS3().send(
          new GetObjectCommand({
            Bucket: getConfig().REPORTS_BUCKET,
            Key: partKey(sender, uploadId, index + 1),
          }),
        );
        return await object.Body!.transformToByteArray();
      } catch (error) {
        // S3 answers a missing key with AccessDenied to a reader that may not list the bucket
        // (these functions: `importsWrite` grants get and put under `imports/` alone, which an
        // infra test holds), so both mean the part never arrived.
        const name = (error as { name?: string }).name;
        if (error instanceof NoSuchKey || name === 'NoSuchKey' || name === 'AccessDenied') {
          return index + 1;
        }
        throw error;
      }
    }),
  );
  const missing = read.find((part): part is number => typeof part === 'number');
  if (missing !== undefined) {
    throw new ValidationError(
      { parts: { key: 'errors.importPartMissing', params: { part: missing } } },
      'errors.importPartMissing',
      { part: missing },
    );
  }
  const bytes = read as Uint8Array[];
  const size = bytes.reduce((sum, part) => sum + part.length, 0);
  if (size > importFileLimitBytes) {
    throw new DomainError('payload-too-large', 'errors.fileTooLarge', {
      megabytes: importFileLimitBytes / 1_000_000,
    });
  }
  return Buffer.concat(bytes);
}
