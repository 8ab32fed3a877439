import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import { RateLimitedError } from '../shared/errors';
import { keys } from '../shared/keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** At most `limit` requests per fixed window of `minutes`. */
export interface Quota {
  kind: 'address' | 'email';
  subject: string;
  limit: number;
  minutes: number;
}

/** The window `now` falls in: its start (the counter's sort key) and end. */
export function quotaWindow(now: Date, minutes: number): { start: string; end: Date } {
  const length = minutes * 60_000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start).toISOString(), end: new Date(start + length) };
}

/**
 * Counts one request against the quota unless it is used up. Fixed windows: a burst
 * across a window edge may reach twice the limit, which is acceptable for abuse limits
 * and costs one write instead of a sliding log. The counter expires by TTL.
 */
export function quotaUpdate(quota: Quota, now: Date): TransactItem {
  const window = quotaWindow(now, quota.minutes);
  return {
    Update: {
      TableName: getConfig().TABLE_NAME,
      Key: keys.rateWindow(quota.kind, quota.subject, window.start),
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': quota.limit,
        // An hour after the window ends: TTL deletes lazily, the condition never relies on it.
        ':expires': Math.ceil(window.end.getTime() / 1000) + 3600,
      },
    },
  };
}

/** The 429 for a used-up quota: retry when its window ends. */
export function quotaExceeded(quota: Quota, now: Date): RateLimitedError {
  const seconds = Math.max(
    1,
    Math.ceil((quotaWindow(now, quota.minutes).end.getTime() - now.getTime()) / 1000),
  );
  return new RateLimitedError(seconds, 'errors.reportRateLimited', {
    minutes: Math.ceil(seconds / 60),
  });
}

/** Counts a request against a quota on its own (not inside a transaction). */
export async function consumeQuota(quota: Quota, now: Date): Promise<void> {
  try {
    await getDocuments().send(new UpdateCommand(quotaUpdate(quota, now).Update!));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw quotaExceeded(quota, now);
    throw error;
  }
}

/** The configured quotas of one client address and one recipient. */
export function reportQuotas(address: string, email: string): { address: Quota; email: Quota } {
  const config = getConfig();
  return {
    address: {
      kind: 'address',
      subject: address,
      limit: config.REPORT_LIMIT_PER_ADDRESS,
      minutes: config.REPORT_LIMIT_ADDRESS_WINDOW_MINUTES,
    },
    email: {
      kind: 'email',
      subject: email,
      limit: config.REPORT_LIMIT_PER_EMAIL,
      minutes: config.REPORT_LIMIT_EMAIL_WINDOW_MINUTES,
    },
  };
}
