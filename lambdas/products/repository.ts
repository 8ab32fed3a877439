import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ListProductsQuery,
  Page,
  Product,
  ProductFields,
} from '../shared/contract/schemas/product';
import { productSchema } from '../shared/contract/schemas/product';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import { cancellationReasons, countersUpdate, decodeCursor, encodeCursor } from '../shared/dynamo';
import { AbortedError, ConflictError, NotFoundError } from '../shared/errors';
import { keys } from '../shared/keys';

const table = () => getConfig().TABLE_NAME;

/** Item -> API shape: the schema drops keys and internal attributes. */
const toProduct = (item: Record<string, unknown>): Product => productSchema.parse(item);

const nameTaken = () =>
  new ConflictError('errors.productNameTaken', {}, { name: { key: 'errors.productNameTaken' } });

export async function getProduct(id: string): Promise<Product | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.product(id), ConsistentRead: true }),
  );
  return Item ? toProduct(Item) : undefined;
}

/**
 * One transaction: the product, the claim on its name, and the counter. A taken
 * name cancels all three.
 */
export async function createProduct(fields: ProductFields, by: string): Promise<Product> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const product: Product = {
    id,
    ...fields,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: by,
    updatedBy: by,
  };
  try {
    await getDocuments().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.product(id),
                ...keys.productIndexes(id, fields.name, now),
                ...product,
                // Ranges referring to the product; deleting needs it at zero.
                rangeCount: 0,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...keys.productName(fields.name), productId: id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          countersUpdate({ products: 1 }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[1] === 'ConditionalCheckFailed') throw nameTaken();
    throw error;
  }
  return product;
}

/**
 * Optimistic concurrency: the update holds only if the stored version is the one the
 * editor read; a rename moves the name claim in the same transaction.
 */
export async function updateProduct(
  id: string,
  fields: ProductFields,
  expectedVersion: number,
  by: string,
): Promise<Product> {
  const current = await getProduct(id);
  if (!current) throw new NotFoundError('errors.productNotFound');
  if (current.version !== expectedVersion) throw new AbortedError();
  const now = new Date().toISOString();
  const updated: Product = {
    ...current,
    ...fields,
    version: expectedVersion + 1,
    updatedAt: now,
    updatedBy: by,
  };
  const renamed = current.name.toLowerCase() !== fields.name.toLowerCase();
  // Everything but the id and the creation audit, which never change.
  const changes = {
    ...fields,
    version: updated.version,
    updatedAt: now,
    updatedBy: by,
    ...keys.productIndexes(id, fields.name, now),
  };
  const names = Object.keys(changes);
  try {
    await getDocuments().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: keys.product(id),
              UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
              ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
              ExpressionAttributeValues: {
                ...Object.fromEntries(
                  names.map((name) => [`:${name}`, (changes as Record<string, unknown>)[name]]),
                ),
                ':expected': expectedVersion,
              },
            },
          },
          ...(renamed
            ? [
                {
                  Delete: {
                    TableName: table(),
                    Key: keys.productName(current.name),
                    ConditionExpression: 'productId = :id',
                    ExpressionAttributeValues: { ':id': id },
                  },
                },
                {
                  Put: {
                    TableName: table(),
                    Item: { ...keys.productName(fields.name), productId: id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] === 'ConditionalCheckFailed') throw new AbortedError();
    if (reasons?.[2] === 'ConditionalCheckFailed') throw nameTaken();
    throw error;
  }
  return updated;
}

/** Refused while serial ranges refer to the product (its `rangeCount` is kept in their transactions). */
export async function deleteProduct(id: string): Promise<void> {
  const current = await getProduct(id);
  if (!current) throw new NotFoundError('errors.productNotFound');
  try {
    await getDocuments().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: keys.product(id),
              ConditionExpression: 'attribute_exists(pk) AND rangeCount = :zero',
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
          {
            Delete: {
              TableName: table(),
              Key: keys.productName(current.name),
              ConditionExpression: 'productId = :id',
              ExpressionAttributeValues: { ':id': id },
            },
          },
          countersUpdate({ products: -1 }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') {
      if (!(await getProduct(id))) throw new NotFoundError('errors.productNotFound');
      throw new AbortedError('errors.productHasRanges');
    }
    throw error;
  }
}

/**
 * A page of products in name order (optionally names starting with `filter`) or in
 * last-update order: one Query on gsi1 or gsi2, whatever the catalogue's size.
 */
export async function listProducts(
  query: ListProductsQuery,
): Promise<Omit<Page<Product>, 'total'>> {
  const byName = query.sort === 'name';
  const index = byName ? 'gsi1' : 'gsi2';
  const partition: Record<string, string> = { [`${index}pk`]: 'PRODUCTS' };
  const prefix = byName ? `NAME#${(query.filter ?? '').toLowerCase()}` : 'UPDATED#';
  const result = await getDocuments().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `#pk = :pk AND begins_with(#sk, :prefix)`,
      ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk` },
      ExpressionAttributeValues: { ':pk': 'PRODUCTS', ':prefix': prefix },
      ScanIndexForward: query.order === 'asc',
      Limit: query.limit,
      ExclusiveStartKey: decodeCursor(query.cursor, partition),
    }),
  );
  return {
    items: (result.Items ?? []).map(toProduct),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}
