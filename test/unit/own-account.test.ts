import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelled, readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);
// The wait for the next whole second, recorded instead of waited for.
const pauses = vi.hoisted(() => vi.fn(async (_ms?: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: pauses }));

const documents = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ownAccount = await import('../../lambdas/staff/own-account');

const now = () => Math.floor(Date.now() / 1000);
const caller = {
  sub: 'me',
  email: 'me@example.com',
  name: 'Mei Lin',
  role: 'admin' as const,
  secondFactor: true,
  authTime: now() - 10,
};

function accountHolds({ mfa, record = {} }: { mfa: boolean; record?: Record<string, unknown> }) {
  cognito.on(AdminGetUserCommand).resolves(userOf(mfa));
  documents.on(GetCommand).resolves({ Item: { pk: 'ACCOUNTSEC', sk: 'me', ...record } });
}

/** Cognito's answer to AdminGetUser for the caller's account. */
function userOf(mfa: boolean): AdminGetUserCommandOutput {
  return {
    $metadata: {},
    Username: 'me',
    Enabled: true,
    UserStatus: 'CONFIRMED',
    UserAttributes: [
      { Name: 'email', Value: 'me@example.com' },
      { Name: 'name', Value: 'Mei Lin' },
      { Name: 'custom:role', Value: 'admin' },
    ],
    UserCreateDate: new Date('2026-01-01T00:00:00Z'),
    UserLastModifiedDate: new Date('2026-01-01T00:00:00Z'),
    ...(mfa ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } : {}),
  };
}

/** The transaction's items: the security record's update and the audit entry. */
function written() {
  const [call] = documents.commandCalls(TransactWriteCommand);
  const items = call!.args[0].input.TransactItems!;
  const update = items.find((item) => item.Update)!.Update!;
  return {
    key: update.Key,
    /** The update with its names and values in place. */
    update: readable(update, 'UpdateExpression')!,
    /** The one epoch-seconds value the update sets (the same for every attribute it sets). */
    at: Object.values(update.ExpressionAttributeValues ?? {})[0] as number,
    entry: items.find((item) => item.Put)!.Put!.Item!,
  };
}

beforeEach(() => {
  documents.reset();
  cognito.reset();
  pauses.mockClear();
  documents.on(TransactWriteCommand).resolves({});
  cognito.on(AdminUserGlobalSignOutCommand).resolves({});
  cognito.on(AdminSetUserMFAPreferenceCommand).resolves({});
});

describe('getOwnAccount', () => {
  it("answers Cognito's MFA state, the record's confirmation and this session's second factor", async () => {
    accountHolds({ mfa: true, record: { mfaEnabledAt: 1_790_000_000 } });
    expect(await ownAccount.getOwnAccount(caller)).toMatchObject({
      id: 'me',
      role: 'admin',
      mfaEnabled: true,
      mfaEnabledAt: new Date(1_790_000_000_000).toISOString(),
      secondFactor: true,
    });
    expect(await ownAccount.getOwnAccount({ ...caller, secondFactor: false })).toMatchObject({
      secondFactor: false,
    });
  });
});

describe('confirmOwnMfa', () => {
  it('refuses when Cognito has no authenticator app for the account, writing nothing', async () => {
    accountHolds({ mfa: false });
    await expect(ownAccount.confirmOwnMfa(caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.mfaNotSetUp',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminUserGlobalSignOutCommand, 0);
  });

  it('records the confirmation from the next second, revokes earlier tokens, signs out, audits, then waits for that second', async () => {
    accountHolds({ mfa: true });
    const before = now();
    await ownAccount.confirmOwnMfa(caller);
    const { key, update, at, entry } = written();
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThanOrEqual(now() + 1);
    expect(key).toEqual({ pk: 'ACCOUNTSEC', sk: 'me' });
    expect(update).toBe(`SET mfaEnabledAt = ${at}, revokedBefore = ${at}`);
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'staff',
      entityId: 'me',
      actor: { id: 'me', email: 'me@example.com' },
      changes: {
        mfa: { from: false, to: true },
        mfaEnabledAt: { from: null, to: new Date(at * 1000).toISOString() },
      },
    });
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'me' });
  });
});

describe('confirmOwnMfa against a concurrent reset', () => {
  it('writes the confirmation only while revokedBefore is the one it read (strongly consistent), never lowering it', async () => {
    // A revocation already set later than the confirmation's second.
    const seen = now() + 30;
    accountHolds({ mfa: true, record: { revokedBefore: seen } });
    await ownAccount.confirmOwnMfa(caller);
    expect(documents).toReceiveCommandWith(GetCommand, { ConsistentRead: true });
    const [call] = documents.commandCalls(TransactWriteCommand);
    const update = call!.args[0].input.TransactItems!.find((item) => item.Update)!.Update!;
    expect(readable(update, 'UpdateExpression')).toMatch(
      new RegExp(`^SET mfaEnabledAt = \\d+, revokedBefore = ${seen}$`),
    );
    expect(readable(update)).toBe(`revokedBefore = ${seen}`);
  });

  it('refuses (aborted) when the record changed between its read and the write: no sign-out', async () => {
    accountHolds({ mfa: true });
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(ownAccount.confirmOwnMfa(caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.aborted',
    });
    expect(cognito).toReceiveCommandTimes(AdminUserGlobalSignOutCommand, 0);
  });

  it('takes the confirmation back, audited, when Cognito has no app any more right after the write', async () => {
    accountHolds({ mfa: true });
    // The app is on when read first, off (an admin's reset) when read after the write.
    cognito.on(AdminGetUserCommand).resolvesOnce(userOf(true)).resolves(userOf(false));
    await expect(ownAccount.confirmOwnMfa(caller)).rejects.toMatchObject({
      messageKey: 'errors.mfaNotSetUp',
    });
    const calls = documents.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    const undo = calls[1]!.args[0].input.TransactItems!;
    const update = undo.find((item) => item.Update)!.Update!;
    expect(readable(update, 'UpdateExpression')).toBe('REMOVE mfaEnabledAt');
    expect(readable(update)).toMatch(/^mfaEnabledAt = \d+$/);
    expect(undo.find((item) => item.Put)!.Put!.Item).toMatchObject({
      changes: { mfa: { from: true, to: false } },
    });
    expect(cognito).toReceiveCommandTimes(AdminUserGlobalSignOutCommand, 0);
  });
});

describe('turnOffOwnMfa', () => {
  it.each([
    ['without the second factor', { secondFactor: false }],
    ['signed in more than five minutes ago', { authTime: now() - 301 }],
  ])('refuses a session %s, touching nothing', async (_, session) => {
    accountHolds({ mfa: true, record: { mfaEnabledAt: 1 } });
    await expect(ownAccount.turnOffOwnMfa({ ...caller, ...session })).rejects.toMatchObject({
      code: 'permission-denied',
      messageKey: 'errors.recentSignInRequired',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminSetUserMFAPreferenceCommand, 0);
  });

  it('clears the record and revokes with its entry first, then turns the app off and signs out', async () => {
    accountHolds({ mfa: true, record: { mfaEnabledAt: 1_790_000_000 } });
    await ownAccount.turnOffOwnMfa(caller);
    const { update, at, entry } = written();
    expect(update).toBe(`SET revokedBefore = ${at} REMOVE mfaEnabledAt`);
    expect(entry).toMatchObject({ changes: { mfa: { from: true, to: false } } });
    expect(cognito).toReceiveCommandWith(AdminSetUserMFAPreferenceCommand, {
      Username: 'me',
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'me' });
  });

  it('leaves no app on without a record: a refusal by Cognito comes after the record is cleared', async () => {
    accountHolds({ mfa: true, record: { mfaEnabledAt: 1_790_000_000 } });
    cognito.on(AdminSetUserMFAPreferenceCommand).rejects(new Error('throttled'));
    await expect(ownAccount.turnOffOwnMfa(caller)).rejects.toThrow('throttled');
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });
});

describe('revokeOwnSessions', () => {
  it('revokes from the next second with the reason in its entry, signs out, and waits for that second', async () => {
    accountHolds({ mfa: false });
    await ownAccount.revokeOwnSessions(caller, { reason: 'passwordChanged' });
    const { update, at, entry } = written();
    expect(update).toBe(`SET revokedBefore = ${at}`);
    expect(entry).toMatchObject({
      action: 'revoke',
      entity: 'staff',
      changes: { reason: { from: null, to: 'passwordChanged' } },
    });
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'me' });
    // It answers only once that second has come (the pause until it, if any was needed).
    const waited = pauses.mock.calls.map(([ms]) => ms ?? 0);
    expect(waited.every((ms) => ms <= 1000)).toBe(true);
    expect(at * 1000 - Date.now()).toBeLessThanOrEqual(Math.max(0, ...waited));
  });
});
