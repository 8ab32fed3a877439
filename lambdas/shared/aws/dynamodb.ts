import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { clientOptions, once } from './options';

export const getDynamoDb = once(
  () => new DynamoDBClient(clientOptions(getConfig().DYNAMODB_ENDPOINT)),
);

export const getDocuments = once(() =>
  DynamoDBDocumentClient.from(getDynamoDb(), { marshallOptions: { removeUndefinedValues: true } }),
);
