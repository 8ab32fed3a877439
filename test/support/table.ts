import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { StackInfo } from './stack-process';

/**
 * Direct reads of the local table, for checking invariants from outside the API.
 * Tests may scan; request paths never do.
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
    async stats(): Promise<Record<string, number>> {
      const { Item } = await documents.send(
        new GetCommand({ TableName, Key: { pk: 'STATS', sk: 'STATS' }, ConsistentRead: true }),
      );
      return (Item ?? {}) as Record<string, number>;
    },
    destroy: () => documents.destroy(),
  };
}
