import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

// Placeholder while the report center is being built.
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  void event;
  return { batchItemFailures: [] };
}
