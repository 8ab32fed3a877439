import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../aws/dynamodb';
import {
  conditionExpression,
  Placeholders,
  updateExpression,
  type Condition,
  type Update,
} from './expressions';
import type { ItemKey } from '../keys';
import { tableName } from './table-name';

/**
 * Single-item writes that are bookkeeping, not anyone's change (a mail's delivery state,
 * a key's last use, an abuse counter, a lease): no audit entry. Changes people and
 * machines make go through data/transaction.ts, which records them.
 *
 * Each answers whether it wrote: false when its condition did not hold.
 */
async function conditional(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export function putItem<T extends ItemKey>(
  item: T,
  options: { condition?: Condition } = {},
): Promise<boolean> {
  const placeholders = new Placeholders();
  const condition = options.condition && conditionExpression(options.condition, placeholders);
  return conditional(() =>
    getDocuments().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ...(condition ? { ConditionExpression: condition } : {}),
        ...placeholders.attributes(),
      }),
    ),
  );
}

export function updateItem(
  key: ItemKey,
  update: Update,
  options: { condition?: Condition } = {},
): Promise<boolean> {
  const placeholders = new Placeholders();
  const expression = updateExpression(update, placeholders);
  const condition = options.condition && conditionExpression(options.condition, placeholders);
  return conditional(() =>
    getDocuments().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: expression,
        ...(condition ? { ConditionExpression: condition } : {}),
        ...placeholders.attributes(),
      }),
    ),
  );
}

export function deleteItem(
  key: ItemKey,
  options: { condition?: Condition } = {},
): Promise<boolean> {
  const placeholders = new Placeholders();
  const condition = options.condition && conditionExpression(options.condition, placeholders);
  return conditional(() =>
    getDocuments().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ...(condition ? { ConditionExpression: condition } : {}),
        ...placeholders.attributes(),
      }),
    ),
  );
}
