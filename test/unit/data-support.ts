/**
 * What the data-layer, repository and service unit tests share: the function environment,
 * DynamoDB's failure answers, and the expression reader (./data-expression-reader.ts).
 */
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

/** The environment every function parses at cold start (lambdas/shared/config.ts). */
export const testEnvironment = {
  LOG_LEVEL: 'silent',
  TABLE_NAME: 'test-table',
  USER_POOL_ID: 'us-east-1_pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports-bucket',
  MAIL_FROM: 'reports@example.com',
  APP_URL: 'https://app.example.com',
  CURSOR_SECRET: 'a-cursor-secret-of-at-least-32-characters',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
};

/**
 * DynamoDB's answer to a cancelled TransactWriteItems: one reason per item, in the order
 * the items were sent (`None` for the items that were fine).
 */
export function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

/** DynamoDB's answer to a single-item write whose condition did not hold. */
export function conditionFailed(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });
}

export { placeholderProblems, readable, sentCommandProblems } from './data-expression-reader';
