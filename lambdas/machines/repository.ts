import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import {
  machineSchema,
  type CreateMachineInput,
  type Machine,
  type MachineCreated,
} from '../shared/contract/schemas/machine-data';
import { cancellationReasons, decodeCursor, encodeCursor } from '../shared/dynamo';
import { ConflictError, NotFoundError } from '../shared/errors';
import { keys } from '../shared/keys';

const table = () => getConfig().TABLE_NAME;

/** Keys read `mk_<machine id>_<secret>`: the id finds the item, the secret is checked by hash. */
const keyPattern = /^mk_([A-Za-z0-9-]{36})_([A-Za-z0-9_-]{43})$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

const toMachine = (item: Record<string, unknown>): Machine => machineSchema.parse(item);

/**
 * Creates a machine and its key. The key is returned once and only its SHA-256 is
 * stored: 256 random bits need no slow hash, and a leaked table does not leak keys.
 */
export async function createMachine(
  input: CreateMachineInput,
  by: string,
): Promise<MachineCreated> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const machine: Machine = {
    id,
    name: input.name,
    note: input.note,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
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
              Item: { ...keys.machineName(input.name), machineId: id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.machine(id),
                ...keys.machineIndexes(id, input.name),
                ...machine,
                keyHash: hashOf(secret).toString('hex'),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') {
      throw new ConflictError(
        'errors.machineNameTaken',
        {},
        {
          name: { key: 'errors.machineNameTaken' },
        },
      );
    }
    throw error;
  }
  return { machine, key: `mk_${id}_${secret}` };
}

/** Machines in name order, revoked ones included (they explain old results). */
export async function listMachines(limit: number, cursor: string | undefined) {
  const result = await getDocuments().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'MACHINES' },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, { gsi1pk: 'MACHINES' }),
    }),
  );
  return {
    items: (result.Items ?? []).map(toMachine),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}

/** Revokes a key for good; the machine stays listed. Revoking twice changes nothing. */
export async function revokeMachine(id: string, by: string): Promise<Machine> {
  const now = new Date().toISOString();
  try {
    const result = await getDocuments().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.machine(id),
        UpdateExpression:
          'SET revokedAt = :now, revokedBy = :by, updatedAt = :now, updatedBy = :by ADD version :one',
        ConditionExpression: 'attribute_exists(pk) AND revokedAt = :null',
        ExpressionAttributeValues: { ':now': now, ':by': by, ':one': 1, ':null': null },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toMachine(result.Attributes!);
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const { Item } = await getDocuments().send(
      new GetCommand({ TableName: table(), Key: keys.machine(id), ConsistentRead: true }),
    );
    if (!Item) throw new NotFoundError('errors.machineNotFound');
    return toMachine(Item);
  }
}

/**
 * The machine a key belongs to, or undefined when the key is malformed, unknown, wrong
 * or revoked. Compares hashes in constant time.
 */
export async function machineForKey(key: string): Promise<Machine | undefined> {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const [, id, secret] = match as unknown as [string, string, string];
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.machine(id), ConsistentRead: true }),
  );
  if (!Item || Item.revokedAt) return undefined;
  const stored = Buffer.from(String(Item.keyHash), 'hex');
  const given = hashOf(secret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  return toMachine(Item);
}

/** Records a key's use; at most one write a minute per key, so ingest bursts cost nothing extra. */
export async function touchMachine(machine: Machine, now = new Date()): Promise<void> {
  if (machine.lastUsedAt && now.getTime() - Date.parse(machine.lastUsedAt) < 60_000) return;
  await getDocuments().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.machine(machine.id),
      UpdateExpression: 'SET lastUsedAt = :now',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}
