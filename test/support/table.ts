import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { StackInfo } from './stack-process';

/**
 * Direct access to the local table, for checking invariants from outside the API and
 * for fixtures. Tests may scan; request paths never do.
 */
export function tableReader(stack: StackInfo) {
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
  );
  const TableName = stack.resources.tableName;
  return {
    async scanAll(): Promise<Record<string, unknown>[]> {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new ScanCommand({ TableName, ExclusiveStartKey: start, ConsistentRead: true }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },
    /** The counters, summed over their shards, and the latest `lastMachineDataAt`. */
    async stats(): Promise<Record<string, number> & { lastMachineDataAt?: string }> {
      const { Items = [] } = await documents.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :stats',
          ExpressionAttributeValues: { ':stats': 'STATS' },
          ConsistentRead: true,
        }),
      );
      const totals: Record<string, number> = {};
      let lastMachineDataAt: string | undefined;
      for (const item of Items) {
        for (const [name, value] of Object.entries(item)) {
          if (typeof value === 'number') totals[name] = (totals[name] ?? 0) + value;
        }
        const at = item.lastMachineDataAt as string | undefined;
        if (at && (!lastMachineDataAt || at > lastMachineDataAt)) lastMachineDataAt = at;
      }
      return lastMachineDataAt ? Object.assign(totals, { lastMachineDataAt }) : totals;
    },
    async get(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
      const { Item } = await documents.send(
        new GetCommand({ TableName, Key: key, ConsistentRead: true }),
      );
      return Item;
    },
    /** Writes an item as a fixture (e.g. test data of a layer the test is not about). */
    async put(item: Record<string, unknown>): Promise<void> {
      await documents.send(new PutCommand({ TableName, Item: item }));
    },
    /** Sets attributes of an item, e.g. to move a record past its retention. */
    async set(key: { pk: string; sk: string }, values: Record<string, unknown>): Promise<void> {
      const names = Object.keys(values);
      await documents.send(
        new UpdateCommand({
          TableName,
          Key: key,
          UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(
            names.map((name, index) => [`#n${index}`, name]),
          ),
          ExpressionAttributeValues: Object.fromEntries(
            names.map((name, index) => [`:v${index}`, values[name]]),
          ),
        }),
      );
    },
    async remove(key: { pk: string; sk: string }): Promise<void> {
      await documents.send(new DeleteCommand({ TableName, Key: key }));
    },
    destroy: () => documents.destroy(),
  };
}
