import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';

/**
 * The functions bench's platform floor: what every signed-in API function carries before
 * any of the product's code: the DynamoDB document client (reads and transactions), the
 * Cognito client of the standing check, Powertools' logger and metrics, and middy with
 * its header normaliser and JSON body parser.
 */
const logger = new Logger();
const metrics = new Metrics();
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const cognito = new CognitoIdentityProviderClient({});

export const handler = middy<{ sub: string }>()
  .use(injectLambdaContext(logger))
  .use(logMetrics(metrics))
  .use(httpHeaderNormalizer())
  .use(httpJsonBodyParser())
  .handler(async (event: { sub: string }) => {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: 'pool', Username: event.sub }));
    await documents.send(new GetCommand({ TableName: 'table', Key: { pk: event.sub } }));
    await documents.send(new TransactWriteCommand({ TransactItems: [] }));
    return { statusCode: 200 };
  });
