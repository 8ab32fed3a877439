import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from './config';

/**
 * Every outbound call is bounded: a short connect timeout, a request timeout well
 * under the Lambda timeout, and the SDK's standard retry with backoff.
 */
const common = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
} as const;

export interface Clients {
  dynamodb: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
  ses: SESv2Client;
}

let clients: Clients | undefined;

/** The AWS clients, created once per process (cold start) and reused. */
export function getClients(): Clients {
  if (clients) return clients;
  const config = getConfig();
  const region = config.AWS_REGION;
  const dynamodb = new DynamoDBClient({ ...common, region, endpoint: config.DYNAMODB_ENDPOINT });
  clients = {
    dynamodb,
    documents: DynamoDBDocumentClient.from(dynamodb, {
      marshallOptions: { removeUndefinedValues: true },
    }),
    cognito: new CognitoIdentityProviderClient({
      ...common,
      region,
      endpoint: config.COGNITO_ENDPOINT,
    }),
    s3: new S3Client({
      ...common,
      region,
      endpoint: config.S3_ENDPOINT,
      // s3rver serves path-style URLs only and stores aws-chunked uploads verbatim.
      forcePathStyle: config.S3_ENDPOINT !== undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
    ses: new SESv2Client({ ...common, region, endpoint: config.SES_ENDPOINT }),
  };
  return clients;
}
