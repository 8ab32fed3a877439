import { setTimeout as delay } from 'node:timers/promises';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { localCredentials, localRegion } from './settings';

/** Stands in for Lambda's event source mapping: a stream handler and the batch size it gets. */
export interface StreamConsumer {
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  /** Only these records reach the handler, as the mapping's filter criteria do in AWS. */
  filter: (record: DynamoDBRecord) => boolean;
  batchSize: number;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

interface Shard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange?: { EndingSequenceNumber?: string };
}

/**
 * DynamoDB Local's streams API (the DynamoDB Streams JSON protocol). The SDK client for
 * it is not in this project's pinned SDK set, and DynamoDB Local does not check
 * signatures, so a plain request stands in for it; this runs only on the local stack.
 */
function streamsApi(endpoint: string) {
  return async function call<T>(operation: string, input: object): Promise<T> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDBStreams_20120810.${operation}`,
        authorization:
          `AWS4-HMAC-SHA256 Credential=${localCredentials.accessKeyId}/20260101/${localRegion}` +
          '/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
      },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as T & { __type?: string; message?: string };
    if (!response.ok)
      throw new Error(`${operation}: ${body.__type ?? response.status} ${body.message ?? ''}`);
    return body;
  };
}

async function tableStreamArn(endpoint: string, tableName: string): Promise<string> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.DescribeTable',
      authorization:
        `AWS4-HMAC-SHA256 Credential=${localCredentials.accessKeyId}/20260101/${localRegion}` +
        '/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
    },
    body: JSON.stringify({ TableName: tableName }),
  });
  const body = (await response.json()) as { Table?: { LatestStreamArn?: string } };
  const arn = body.Table?.LatestStreamArn;
  if (!arn) throw new Error(`Table ${tableName} has no stream`);
  return arn;
}

/**
 * Reads the table's stream from its oldest record and hands batches to the consumer,
 * like Lambda's mapping: a batch that reports a failure (or throws) is retried from the
 * failed record with backoff, so nothing is skipped while a dependency is down; the
 * handler is idempotent, so records seen before a restart are harmless. Shards that
 * close are followed by their children.
 */
export async function startStreamPoller(
  endpoint: string,
  tableName: string,
  consumer: StreamConsumer,
  log: (line: string) => void = (line) => console.error(line),
): Promise<StreamPoller> {
  const call = streamsApi(endpoint);
  const streamArn = await tableStreamArn(endpoint, tableName);
  let running = true;
  const done = new Set<string>();
  const active = new Map<string, Promise<void>>();

  async function pollShard(shard: Shard) {
    let iterator: string | undefined = (
      await call<{ ShardIterator: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shard.ShardId,
        ShardIteratorType: 'TRIM_HORIZON',
      })
    ).ShardIterator;
    let backoff = 250;
    while (running && iterator) {
      let page: { Records?: DynamoDBRecord[]; NextShardIterator?: string };
      try {
        page = await call('GetRecords', { ShardIterator: iterator, Limit: 100 });
      } catch (error) {
        if (!running) return;
        log(`[stream] read failed, retrying: ${String(error)}`);
        await delay(Math.min((backoff *= 2), 5_000));
        continue;
      }
      const records = (page.Records ?? [])
        .map((record) => ({ ...record, eventSource: 'aws:dynamodb', eventSourceARN: streamArn }))
        .filter(consumer.filter);
      let failedAt = await deliver(records);
      while (running && failedAt !== undefined) {
        await delay(Math.min((backoff *= 2), 5_000));
        failedAt = await deliver(records.slice(failedAt));
      }
      backoff = 250;
      iterator = page.NextShardIterator;
      if ((page.Records ?? []).length === 0) await delay(200);
    }
    done.add(shard.ShardId);
  }

  /** Index of the first record to retry, or undefined when the batch went through. */
  async function deliver(records: DynamoDBRecord[]): Promise<number | undefined> {
    for (let start = 0; start < records.length; start += consumer.batchSize) {
      const batch = records.slice(start, start + consumer.batchSize);
      try {
        const result = await consumer.handler({ Records: batch });
        const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
        if (failed !== undefined) {
          const index = batch.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
          return start + Math.max(0, index);
        }
      } catch (error) {
        log(`[stream] handler failed, retrying the batch: ${String(error)}`);
        return start;
      }
    }
    return undefined;
  }

  async function discover() {
    while (running) {
      try {
        const { StreamDescription } = await call<{ StreamDescription: { Shards: Shard[] } }>(
          'DescribeStream',
          { StreamArn: streamArn },
        );
        for (const shard of StreamDescription.Shards) {
          const parentPending =
            shard.ParentShardId !== undefined &&
            active.has(shard.ParentShardId) &&
            !done.has(shard.ParentShardId);
          if (active.has(shard.ShardId) || parentPending) continue;
          active.set(
            shard.ShardId,
            pollShard(shard).catch((error: unknown) => {
              log(`[stream] shard ${shard.ShardId} stopped: ${String(error)}`);
              active.delete(shard.ShardId);
            }),
          );
        }
      } catch (error) {
        if (running) log(`[stream] describe failed, retrying: ${String(error)}`);
      }
      await delay(1_000);
    }
  }

  const discovering = discover();
  return {
    async stop() {
      running = false;
      await discovering;
      await Promise.allSettled(active.values());
    },
  };
}
