import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../lambdas/shared/data/audit';
import { cancelled, readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const security = await import('../../lambdas/shared/account-security');

const entry: AuditRecord = {
  actor: { id: 'admin', email: 'admin@example.com' },
  action: 'revoke',
  entity: 'staff',
  entityId: 'person',
  changes: { reason: { from: null, to: 'signOutEverywhere' } },
};

/** Each TransactWriteItems sent: its update of the record (read) and whether it held an entry. */
function transactions() {
  return documents.commandCalls(TransactWriteCommand).map((call) => {
    const items = call.args[0].input.TransactItems!;
    const update = items.find((item) => item.Update)?.Update;
    return {
      update: update && readable(update, 'UpdateExpression'),
      condition: update && readable(update),
      audited: items.some((item) => item.Put?.Item?.pk === 'AUDIT#staff#person'),
    };
  });
}

beforeEach(() => documents.reset());

describe('revokedBefore only moves forward', () => {
  it('raises it only where it is missing or lower, with the entry in the same transaction', async () => {
    documents.on(TransactWriteCommand).resolves({});
    await security.revokeSessionsBefore('person', 1_800_000_000, entry);
    expect(transactions()).toEqual([
      {
        update: 'SET revokedBefore = 1800000000',
        condition: '(attribute_not_exists(revokedBefore)) OR (revokedBefore < 1800000000)',
        audited: true,
      },
    ]);
  });

  it('keeps a later revocation already recorded: writes the entry alone, the time untouched', async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None'))
      .resolves({});
    await security.revokeSessionsBefore('person', 1_800_000_000, entry);
    const [, retry] = transactions();
    expect(retry).toEqual({ update: undefined, condition: undefined, audited: true });
  });

  it('the entry written without the time leaves out the sessionsBefore it never stored', async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None'))
      .resolves({});
    const changes = {
      sessionsBefore: {
        from: security.isoOfSeconds(1_700_000_000),
        to: security.isoOfSeconds(1_800_000_000),
      },
      reason: { from: null, to: 'signOutEverywhere' },
    };
    await security.revokeSessionsBefore('person', 1_800_000_000, { ...entry, changes });
    const written = documents
      .commandCalls(TransactWriteCommand)
      .map(
        (call) =>
          call.args[0].input.TransactItems!.find(
            (item) => item.Put?.Item?.pk === 'AUDIT#staff#person',
          )!.Put!.Item!.changes,
      );
    expect(written).toEqual([changes, { reason: changes.reason }]);
  });

  it('without an entry and with a later time recorded, writes nothing more', async () => {
    documents.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed'));
    await security.revokeSessionsBefore('person', 1_800_000_000, null);
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it("an admin's reset of the app still removes the confirmation when a later revocation stands", async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed'))
      .resolves({});
    await security.clearMfa('person', null, { revokeBefore: 1_800_000_000 });
    const [first, retry] = transactions();
    expect(first!.update).toBe('SET revokedBefore = 1800000000 REMOVE mfaEnabledAt');
    expect(first!.condition).toBe(
      '(attribute_not_exists(revokedBefore)) OR (revokedBefore < 1800000000)',
    );
    expect(retry).toEqual({ update: 'REMOVE mfaEnabledAt', condition: undefined, audited: false });
  });

  it('passes on failures other than its own condition', async () => {
    documents.on(TransactWriteCommand).rejects(new Error('ECONNREFUSED'));
    await expect(security.revokeSessionsBefore('person', 1_800_000_000, entry)).rejects.toThrow(
      'ECONNREFUSED',
    );
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('markMfaEnabled', () => {
  it('writes only while revokedBefore is still the value read', async () => {
    documents.on(TransactWriteCommand).resolves({});
    expect(await security.markMfaEnabled('person', 1_800_000_000, 1_700_000_000, entry)).toBe(true);
    expect(await security.markMfaEnabled('person', 1_800_000_000, undefined, null)).toBe(true);
    const [seen, none] = transactions();
    expect(seen).toEqual({
      update: 'SET mfaEnabledAt = 1800000000, revokedBefore = 1800000000',
      condition: 'revokedBefore = 1700000000',
      audited: true,
    });
    expect(none!.condition).toBe('attribute_not_exists(revokedBefore)');
  });

  it('never lowers revokedBefore: a later one read stays', async () => {
    documents.on(TransactWriteCommand).resolves({});
    await security.markMfaEnabled('person', 1_800_000_000, 1_800_000_005, null);
    expect(transactions()[0]!.update).toBe(
      'SET mfaEnabledAt = 1800000000, revokedBefore = 1800000005',
    );
  });

  it('answers false, writing nothing, when the record changed meanwhile (a reset, a revocation)', async () => {
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await security.markMfaEnabled('person', 1_800_000_000, undefined, entry)).toBe(false);
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('undoMfaEnabled', () => {
  it('removes only the confirmation it names, audited', async () => {
    documents.on(TransactWriteCommand).resolves({});
    expect(await security.undoMfaEnabled('person', 1_800_000_000, entry)).toBe(true);
    expect(transactions()).toEqual([
      { update: 'REMOVE mfaEnabledAt', condition: 'mfaEnabledAt = 1800000000', audited: true },
    ]);
  });

  it('answers false when the record holds another confirmation', async () => {
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await security.undoMfaEnabled('person', 1_800_000_000, entry)).toBe(false);
  });
});
