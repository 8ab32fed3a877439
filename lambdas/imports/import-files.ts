import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getS3 } from '../shared/aws/s3';
import { getConfig } from '../shared/config';

/**
 * The files of the catalogue imports: kept in the reports bucket under `imports/` by the
 * import's request, read and removed by the import worker (a lifecycle rule removes any
 * left after two days). A module of its own, so the import's progress route carries no S3
 * client.
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
