import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The functions bench's SDK floor: a handler that only reads one DynamoDB item through
 * the document client, bundled as every function is. No function of the product can
 * start faster or be smaller than this.
 */
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { key: string }) => {
  await documents.send(new GetCommand({ TableName: 'table', Key: { pk: event.key } }));
  return { statusCode: 200 };
};
