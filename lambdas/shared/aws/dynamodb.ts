import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { clientOptions, once } from './options';

export const getDynamoDb = once(
  () => new DynamoDBClient(clientOptions(getConfig().DYNAMODB_ENDPOINT)),
);

/**
 * Numbers read from the table are JavaScript numbers, always: the SDK's default turns
 * integers beyond 2^53 into BigInts (which JSON cannot carry) or throws. Writes never
 * store such numbers (request schemas bound every number, counters stay safe integers);
 * a value that is there anyway comes back approximate, and the schema reading it decides
 * (e.g. a counter shown as unknown), rather than the read failing.
 */
export const getDocuments = once(() =>
  DynamoDBDocumentClient.from(getDynamoDb(), {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: (text: string) => Number(text) },
  }),
);
