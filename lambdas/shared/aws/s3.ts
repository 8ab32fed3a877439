import { S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '../config';
import { clientOptions, once } from './options';

export const getS3 = once(() => {
  const endpoint = getConfig().S3_ENDPOINT;
  return new S3Client({
    ...clientOptions(endpoint),
    // s3rver serves path-style URLs only and stores aws-chunked uploads verbatim.
    forcePathStyle: endpoint !== undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});
