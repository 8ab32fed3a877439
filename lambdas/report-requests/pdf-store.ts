import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { getS3 } from '../shared/aws/s3';
import { getConfig } from '../shared/config';

/**
 * The report PDFs in the reports bucket: written by the report request, read by the PDF
 * link and the mailer. A module of its own, so the functions that only read the records
 * (the history, verification, the dashboard) carry no S3 client.
 */

export const pdfKey = (id: string) => `reports/${id}.pdf`;

export async function storePdf(key: string, bytes: Uint8Array, reportNumber: string) {
  await getS3().send(
    new PutObjectCommand({
      Bucket: getConfig().REPORTS_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: 'application/pdf',
      Metadata: { 'report-number': reportNumber },
    }),
  );
}

/** The PDF's bytes, or undefined when the object is gone (expired by the bucket lifecycle). */
export async function readPdf(key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await getS3().send(
      new GetObjectCommand({ Bucket: getConfig().REPORTS_BUCKET, Key: key }),
    );
    return await object.Body!.transformToByteArray();
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
      return undefined;
    }
    throw error;
  }
}
