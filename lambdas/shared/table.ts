import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table's definition, used by CDK (lib/constructs/data.ts) and by the local
 * set-up (bin/local/provision.ts), so both create the same keys and indexes.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    /** Lists in name / serial order (docs/data-model.md). */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Lists in last-update order. */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Epoch seconds; items carrying it expire (visitor emails after the retention). */
  timeToLiveAttribute: 'expiresAt',
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The key attribute names of the table (no index) or of an index. */
export function keyAttributes(index?: IndexName): { partition: string; sort: string } {
  if (!index) return { partition: tableDefinition.partitionKey, sort: tableDefinition.sortKey };
  const definition = tableDefinition.globalSecondaryIndexes.find(
    (candidate) => candidate.indexName === index,
  )!;
  return { partition: definition.partitionKey, sort: definition.sortKey };
}

export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes, streamViewType } = tableDefinition;
  const keyNames = [
    partitionKey,
    sortKey,
    ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType },
  };
}
