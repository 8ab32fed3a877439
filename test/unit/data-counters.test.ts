import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

/*
 * These tests go through the real document client (lambdas/shared/aws/dynamodb.ts) and
 * answer at its HTTP handler with DynamoDB's wire format: how a number the table holds
 * becomes a JavaScript number is the client's configuration, which a mocked `send` would
 * skip.
 */
const { getDynamoDb } = await import('../../lambdas/shared/aws/dynamodb');
const { getStats } = await import('../../lambdas/shared/data/counters');

let requests: { target: string; body: Record<string, unknown> }[] = [];
let answer: Record<string, unknown> = {};

beforeEach(() => {
  requests = [];
  const client = getDynamoDb();
  (client.config as unknown as { requestHandler: unknown }).requestHandler = {
    handle: async (request: { headers: Record<string, string>; body: Uint8Array }) => {
      requests.push({
        target: request.headers['x-amz-target']!,
        body: JSON.parse(new TextDecoder().decode(request.body)) as Record<string, unknown>,
      });
      return {
        response: {
          statusCode: 200,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: Readable.from([Buffer.from(JSON.stringify(answer))]),
        },
      };
    },
  };
});

const { getDayCounts } = await import('../../lambdas/shared/data/counters');

const shard = (sk: string, values: Record<string, { N: string } | { S: string }>) => ({
  pk: { S: sk.startsWith('STATS') ? 'STATS' : 'DAILY' },
  sk: { S: sk },
  ...values,
});

describe('getStats', () => {
  it('sums the shards of the counters partition, read in one query', async () => {
    answer = {
      Items: [
        // An item from before the sharding counts with the shards.
        shard('STATS', { products: { N: '10' }, units: { N: '400' } }),
        shard('STATS#0', { products: { N: '3' }, units: { N: '-100' } }),
        shard('STATS#5', {
          products: { N: '-1' },
          lastMachineDataAt: { S: '2026-03-04T10:00:00.000Z' },
        }),
        shard('STATS#7', { lastMachineDataAt: { S: '2026-03-05T08:00:00.000Z' } }),
      ],
    };
    await expect(getStats()).resolves.toEqual({
      products: 12,
      serialRanges: 0,
      units: 300,
      reportRequests: 0,
      machineResults: 0,
      lastMachineDataAt: '2026-03-05T08:00:00.000Z',
    });
    expect(requests).toEqual([
      {
        target: 'DynamoDB_20120810.Query',
        body: expect.objectContaining({
          TableName: 'test-table',
          KeyConditionExpression: '#n0 = :v0',
          ExpressionAttributeNames: { '#n0': 'pk' },
          ExpressionAttributeValues: { ':v0': { S: 'STATS' } },
        }),
      },
    ]);
  });

  it('answers zeros before the first counted write (no shard yet)', async () => {
    answer = { Items: [] };
    await expect(getStats()).resolves.toEqual({
      products: 0,
      serialRanges: 0,
      units: 0,
      reportRequests: 0,
      machineResults: 0,
      lastMachineDataAt: null,
    });
  });

  it('reads a total no JavaScript number holds exactly as null (unknown), the others as numbers', async () => {
    answer = {
      Items: [
        shard('STATS#0', {
          products: { N: '100000000000000000000' },
          serialRanges: { N: '9007199254740990' },
          units: { N: '9007199254740990' },
          reportRequests: { N: '-1' },
          machineResults: { N: '2.5' },
        }),
        // Two safe shards whose sum is not safe; a unit count that ends exactly at 2^53 - 1.
        shard('STATS#1', { serialRanges: { N: '3' }, units: { N: '1' } }),
      ],
    };
    await expect(getStats()).resolves.toEqual({
      products: null,
      serialRanges: null,
      units: Number.MAX_SAFE_INTEGER,
      reportRequests: null,
      machineResults: null,
      lastMachineDataAt: null,
    });
  });
});

describe('getDayCounts', () => {
  it('sums each day over its shards, and reads the range with every shard of its last day', async () => {
    answer = {
      Items: [
        shard('2026-03-01', { reportRequests: { N: '2' } }),
        shard('2026-03-01#3', { reportRequests: { N: '1' }, resultsPass: { N: '4' } }),
        shard('2026-03-02#0', { resultsFail: { N: '1' } }),
        shard('2026-03-02#6', { resultsFail: { N: '2' }, resultsPass: { N: '1' } }),
      ],
    };
    const days = await getDayCounts('2026-03-01', '2026-03-02');
    expect(Object.fromEntries(days)).toEqual({
      '2026-03-01': { reportRequests: 3, resultsPass: 4, resultsFail: 0 },
      '2026-03-02': { reportRequests: 0, resultsPass: 1, resultsFail: 3 },
    });
    expect(requests[0]!.body).toMatchObject({
      KeyConditionExpression: '#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2',
      ExpressionAttributeValues: {
        ':v0': { S: 'DAILY' },
        ':v1': { S: '2026-03-01' },
        ':v2': { S: '2026-03-02~' },
      },
    });
  });
});
