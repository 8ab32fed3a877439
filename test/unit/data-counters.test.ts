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

describe('getStats', () => {
  it('reads the counters item by its key', async () => {
    answer = { Item: { pk: { S: 'STATS' }, sk: { S: 'STATS' }, products: { N: '12' } } };
    await expect(getStats()).resolves.toMatchObject({ products: 12, units: 0 });
    expect(requests).toEqual([
      {
        target: 'DynamoDB_20120810.GetItem',
        body: { TableName: 'test-table', Key: { pk: { S: 'STATS' }, sk: { S: 'STATS' } } },
      },
    ]);
  });

  it('answers zeros before the first counted write (no item yet)', async () => {
    answer = {};
    await expect(getStats()).resolves.toEqual({
      products: 0,
      serialRanges: 0,
      units: 0,
      reportRequests: 0,
      machineResults: 0,
      lastMachineDataAt: null,
    });
  });

  it('reads a counter no JavaScript number holds exactly as null (unknown), the others as numbers', async () => {
    answer = {
      Item: {
        pk: { S: 'STATS' },
        sk: { S: 'STATS' },
        products: { N: '100000000000000000000' },
        serialRanges: { N: '9007199254740993' },
        units: { N: '9007199254740991' },
        reportRequests: { N: '-1' },
        machineResults: { N: '2.5' },
        lastMachineDataAt: { S: '2026-03-04T10:00:00.000Z' },
      },
    };
    await expect(getStats()).resolves.toEqual({
      products: null,
      serialRanges: null,
      units: Number.MAX_SAFE_INTEGER,
      reportRequests: null,
      machineResults: null,
      lastMachineDataAt: '2026-03-04T10:00:00.000Z',
    });
  });
});
