import { createHash } from 'node:crypto';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpEvent } from '../../lambdas/shared/http';
import {
  cancelled,
  readable,
  sentCommandProblems,
  testEnvironment,
  mockCursorKey,
} from './data-support';

Object.assign(process.env, testEnvironment);
vi.mock('node:timers/promises', () => ({ setTimeout: async () => undefined }));

const documents = mockClient(DynamoDBDocumentClient);

const repository = await import('../../lambdas/machines/repository');
const { authenticateMachine } = await import('../../lambdas/machines/authenticate');
const { encodeCursor } = await import('../../lambdas/shared/data/cursor');
const { ConflictError, UnauthenticatedError } = await import('../../lambdas/shared/errors');
const { WriteConflict } = await import('../../lambdas/shared/data/transaction');

const actor = { id: 'sub-admin', email: 'admin@example.com' };
const machineId = '7f0c1c3e-2b7a-4c53-9d55-6a1f3f6c2e11';
const secret = 'S'.repeat(43);
const key = `mk_${machineId}_${secret}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const storedMachine = (changes: Record<string, unknown> = {}) => ({
  pk: `MACHINE#${machineId}`,
  sk: 'MACHINE',
  id: machineId,
  name: 'Bench 1',
  note: null,
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'admin@example.com',
  keyHash: sha256(secret),
  ...changes,
});

const sentItems = (call = 0) =>
  documents.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  documents.on(TransactWriteCommand).resolves({});
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('createMachine', () => {
  it('claims the name, stores only the hash of the key, and records no key in the audit entry', async () => {
    const { machine, key: issued } = await repository.createMachine(
      { name: 'Bench 1', note: 'Line A' },
      actor,
    );
    const [, id, issuedSecret] = /^mk_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/.exec(issued)!;
    expect(id).toBe(machine.id);
    expect(machine).toMatchObject({ name: 'Bench 1', note: 'Line A', revokedAt: null, version: 1 });
    expect(machine).not.toHaveProperty('keyHash');

    const [claim, stored, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(claim!.Put!.Item).toEqual({ pk: 'MACHINENAME#bench 1', sk: 'NAME', machineId: id });
    expect(readable(claim!.Put)).toBe('attribute_not_exists(pk)');
    expect(stored!.Put!.Item).toEqual({
      pk: `MACHINE#${id}`,
      sk: 'MACHINE',
      gsi1pk: 'MACHINES',
      gsi1sk: `NAME#bench 1#${id}`,
      ...machine,
      keyHash: sha256(issuedSecret!),
    });
    expect(readable(stored!.Put)).toBe('attribute_not_exists(pk)');
    expect(audit!.Put!.Item).toMatchObject({
      pk: `AUDIT#machine#${id}`,
      action: 'create',
      subjectLabel: 'Bench 1',
      changes: { name: { from: null, to: 'Bench 1' }, note: { from: null, to: 'Line A' } },
    });
    const sent = JSON.stringify(sentItems());
    expect(sent).not.toContain(issuedSecret);
    expect(JSON.stringify(audit)).not.toContain('keyHash');
  });

  it('answers machineNameTaken when the name is claimed', async () => {
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    const error = await repository
      .createMachine({ name: 'Bench 1', note: null }, actor)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      messageKey: 'errors.machineNameTaken',
      fields: { name: { key: 'errors.machineNameTaken' } },
    });
  });
});

describe('listMachines', () => {
  it('reads the machines partition of gsi1 in name order, a page at a time', async () => {
    documents
      .on(QueryCommand)
      .resolves({ Items: [storedMachine()], LastEvaluatedKey: { pk: 'x', sk: 'y' } });
    const page = await repository.listMachines(1, undefined);
    expect(page.items).toEqual([expect.objectContaining({ id: machineId, name: 'Bench 1' })]);
    expect(page.items[0]).not.toHaveProperty('keyHash');
    expect(page.nextCursor).toEqual(expect.any(String));
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi1', Limit: 1 });
    expect(documents).toReceiveCommandTimes(QueryCommand, 1);
    expect(readable(input, 'KeyConditionExpression')).toBe('gsi1pk = "MACHINES"');
  });

  it("refuses another list's cursor before any Query", async () => {
    const cursor = await encodeCursor({ pk: 'x', sk: 'y' }, { list: 'products' });
    await expect(repository.listMachines(5, cursor!)).rejects.toMatchObject({
      messageKey: 'errors.invalidCursor',
    });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });
});

describe('revokeMachine', () => {
  it('sets the revocation under the version it read, records it and answers the stored machine', async () => {
    const revoked = storedMachine({ revokedAt: '2026-03-01T00:00:00.000Z', version: 2 });
    documents
      .on(GetCommand)
      .resolvesOnce({ Item: storedMachine() })
      .resolvesOnce({ Item: revoked });
    const answer = await repository.revokeMachine(machineId, actor);
    expect(answer).toMatchObject({ id: machineId, version: 2 });
    expect(answer).not.toHaveProperty('keyHash');

    const [update, audit] = sentItems();
    expect(update!.Update!.Key).toEqual({ pk: `MACHINE#${machineId}`, sk: 'MACHINE' });
    expect(readable(update!.Update)).toBe('version = 1');
    expect(readable(update!.Update, 'UpdateExpression')).toMatch(
      /^SET revokedAt = "[^"]+", revokedBy = "admin@example.com", updatedAt = "[^"]+", updatedBy = "admin@example.com", version = 2$/,
    );
    expect(audit!.Put!.Item).toMatchObject({
      pk: `AUDIT#machine#${machineId}`,
      action: 'revoke',
      subjectLabel: 'Bench 1',
      changes: {
        revokedAt: { from: null, to: expect.any(String) },
        revokedBy: { from: null, to: 'admin@example.com' },
      },
    });
    expect(documents).toReceiveCommandTimes(GetCommand, 2);
  });

  it('changes and records nothing for a machine already revoked', async () => {
    documents
      .on(GetCommand)
      .resolves({ Item: storedMachine({ revokedAt: '2026-02-01T00:00:00.000Z' }) });
    await expect(repository.revokeMachine(machineId, actor)).resolves.toMatchObject({
      revokedAt: '2026-02-01T00:00:00.000Z',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('answers the stored machine when another admin revoked it meanwhile', async () => {
    documents
      .on(GetCommand)
      .resolvesOnce({ Item: storedMachine() })
      .resolvesOnce({ Item: storedMachine({ revokedAt: 'earlier', version: 2 }) });
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(repository.revokeMachine(machineId, actor)).resolves.toMatchObject({
      revokedAt: 'earlier',
    });
  });

  it('answers not found for an unknown machine, and passes other failures on', async () => {
    documents.on(GetCommand).resolves({});
    await expect(repository.revokeMachine(machineId, actor)).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.machineNotFound',
    });
    documents.on(GetCommand).resolves({ Item: storedMachine() });
    documents.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
    await expect(repository.revokeMachine(machineId, actor)).rejects.toBeInstanceOf(WriteConflict);
  });
});

describe('machine keys', () => {
  it('finds the machine of a valid key by its id, consistently, and checks the hash', async () => {
    documents.on(GetCommand).resolves({ Item: storedMachine() });
    await expect(repository.machineForKey(key)).resolves.toMatchObject({ id: machineId });
    expect(documents).toReceiveCommandWith(GetCommand, {
      Key: { pk: `MACHINE#${machineId}`, sk: 'MACHINE' },
      ConsistentRead: true,
    });
  });

  it('refuses a wrong secret, a revoked or unknown machine, and a malformed key', async () => {
    documents.on(GetCommand).resolves({ Item: storedMachine() });
    await expect(
      repository.machineForKey(`mk_${machineId}_${'T'.repeat(43)}`),
    ).resolves.toBeUndefined();
    documents.on(GetCommand).resolves({ Item: storedMachine({ revokedAt: 'then' }) });
    await expect(repository.machineForKey(key)).resolves.toBeUndefined();
    documents.on(GetCommand).resolves({});
    await expect(repository.machineForKey(key)).resolves.toBeUndefined();

    documents.resetHistory();
    for (const malformed of ['', `mk_${machineId}_short`, `xx_${machineId}_${secret}`]) {
      await expect(repository.machineForKey(malformed)).resolves.toBeUndefined();
    }
    expect(documents).toReceiveCommandTimes(GetCommand, 0);
  });

  it('authenticates a Bearer key and answers every refusal with the same 401', async () => {
    documents.on(GetCommand).resolves({ Item: storedMachine() });
    const event = (authorization?: string) =>
      ({ headers: authorization ? { authorization } : {} }) as unknown as HttpEvent;
    await expect(authenticateMachine(event(`Bearer ${key}`))).resolves.toMatchObject({
      id: machineId,
    });
    for (const header of [undefined, key, `Bearer mk_${machineId}_${'T'.repeat(43)}`]) {
      const error = await authenticateMachine(event(header)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnauthenticatedError);
      expect(error).toMatchObject({ messageKey: 'errors.machineKeyRejected' });
    }
  });

  it('records a use at most once a minute, as bookkeeping without an audit entry', async () => {
    documents.on(UpdateCommand).resolves({});
    const machine = { ...storedMachine(), lastUsedAt: '2026-03-04T10:00:00.000Z' };
    await repository.touchMachine(machine, new Date('2026-03-04T10:00:59.000Z'));
    expect(documents).toReceiveCommandTimes(UpdateCommand, 0);

    await repository.touchMachine(machine, new Date('2026-03-04T10:01:00.000Z'));
    const update = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: `MACHINE#${machineId}`, sk: 'MACHINE' });
    expect(readable(update, 'UpdateExpression')).toBe(
      'SET lastUsedAt = "2026-03-04T10:01:00.000Z"',
    );
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });
});
