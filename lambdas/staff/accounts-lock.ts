import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as delay } from 'node:timers/promises';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import { AbortedError } from '../shared/errors';
import { keys } from '../shared/keys';

/** Longer than any account change takes; a crashed holder frees the lock after it. */
const leaseMs = 15_000;
const attempts = 10;

/**
 * Runs `work` holding the accounts lease, a conditional item in the table, so checks
 * like "at least one active admin remains" and the change they guard cannot interleave
 * with another admin's (Cognito has no transactions). Busy after a few short waits:
 * `aborted` with "try again".
 */
export async function withAccountsLock<T>(work: () => Promise<T>): Promise<T> {
  const documents = getDocuments();
  const TableName = getConfig().TABLE_NAME;
  const owner = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const now = Date.now();
    try {
      await documents.send(
        new PutCommand({
          TableName,
          Item: { ...keys.accountsLock(), owner, leaseUntil: now + leaseMs },
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      break;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if (attempt === attempts) throw new AbortedError('errors.staffChangeInProgress');
      await delay(100 + Math.random() * 200);
    }
  }
  try {
    return await work();
  } finally {
    await documents
      .send(
        new DeleteCommand({
          TableName,
          Key: keys.accountsLock(),
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      )
      // Lost the lease (it expired and another holder took it): nothing to release.
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }
}
