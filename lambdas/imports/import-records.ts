import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

type Image = Record<string, AttributeValue>;

/**
 * The stream records the import worker acts on: a new import (`queued`). The same rule is
 * the event source filter in AWS (lib/constructs/import-worker.ts, `importRecordFilter`) and
 * the local poller's; a module of its own, so the rule's test loads none of the writers.
 */
export function isImportRecord(record: Pick<DynamoDBRecord, 'eventName' | 'dynamodb'>): boolean {
  const image = record.dynamodb?.NewImage as Image | undefined;
  return (
    record.eventName === 'INSERT' && image?.type?.S === 'importJob' && image.status?.S === 'queued'
  );
}
