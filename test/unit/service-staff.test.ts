import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  ListUsersCommand,
  UserLambdaValidationException,
  UserNotFoundException,
  UsernameExistsException,
  type AdminGetUserCommandOutput,
  type UserStatusType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../lambdas/shared/contract/roles';
import {
  conditionFailed,
  readable,
  sentCommandProblems,
  testEnvironment,
  mockCursorKey,
} from './data-support';

Object.assign(process.env, testEnvironment);
// The lease's waits, recorded instead of waited for.
const pauses = vi.hoisted(() => vi.fn(async (_ms?: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: pauses }));

const documents = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const repository = await import('../../lambdas/staff/repository');
const service = await import('../../lambdas/staff/service');
const { withAccountsLock } = await import('../../lambdas/staff/accounts-lock');
const { currentStanding } = await import('../../lambdas/shared/http/standing');
const { encodeCursor } = await import('../../lambdas/shared/data/cursor');
const { AbortedError, ConflictError, PermissionDeniedError, ValidationError } =
  await import('../../lambdas/shared/errors');

interface Account {
  id: string;
  role?: Role;
  enabled?: boolean;
  status?: string;
  name?: string;
}
const created = new Date('2026-01-01T00:00:00.000Z');
const attributes = (account: Account) => [
  { Name: 'email', Value: `${account.id}@example.com` },
  { Name: 'name', Value: account.name ?? account.id },
  ...(account.role ? [{ Name: 'custom:role', Value: account.role }] : []),
];
const cognitoUser = (account: Account): AdminGetUserCommandOutput => ({
  $metadata: {},
  Username: account.id,
  Enabled: account.enabled ?? true,
  UserStatus: (account.status ?? 'CONFIRMED') as UserStatusType,
  UserAttributes: attributes(account),
  UserCreateDate: created,
  UserLastModifiedDate: created,
});
/** The user pool: each account answers AdminGetUser, and all of them ListUsers. */
function poolHolds(...accounts: Account[]) {
  cognito
    .on(AdminGetUserCommand)
    .rejects(new UserNotFoundException({ message: 'No user', $metadata: {} }));
  for (const account of accounts) {
    cognito.on(AdminGetUserCommand, { Username: account.id }).resolves(cognitoUser(account));
  }
  cognito.on(ListUsersCommand).resolves({
    Users: accounts.map((account) => ({
      ...cognitoUser(account),
      Attributes: attributes(account),
    })),
  });
}

const caller = {
  sub: 'caller',
  email: 'caller@example.com',
  name: 'Casey Caller',
  role: 'admin' as const,
  secondFactor: true,
  authTime: 0,
};
const actor = { id: 'caller', name: 'Casey Caller', email: 'caller@example.com' };
const lockKey = { pk: 'LOCK#ACCOUNTS', sk: 'LOCK' };

const auditPut = () =>
  documents
    .commandCalls(TransactWriteCommand)[0]!
    .args[0].input.TransactItems!.find((item) => item.Put)!.Put!;
/** The first call of `command` among a mocked client's calls, to order it among others. */
const firstCall = <Call extends { args: unknown[] }>(
  calls: Call[],
  command: new (...args: never[]) => unknown,
) => calls.find((call) => call.args[0] instanceof command)!;

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  cognito.reset();
  pauses.mockClear();
  documents.on(TransactWriteCommand).resolves({});
  // No account has a security record unless a test gives it one.
  documents.on(GetCommand).resolves({});
  documents.on(QueryCommand).resolves({ Items: [] });
  documents.on(PutCommand).resolves({});
  documents.on(DeleteCommand).resolves({});
  cognito.on(AdminUpdateUserAttributesCommand).resolves({});
  cognito.on(AdminDisableUserCommand).resolves({});
  cognito.on(AdminEnableUserCommand).resolves({});
  cognito.on(AdminUserGlobalSignOutCommand).resolves({});
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('staff repository (Cognito)', () => {
  // People can set their own name through Cognito directly, past the forms' rule.
  it('lists a name set past the forms with only the characters the name rule allows', async () => {
    poolHolds(
      { id: 'a', role: 'staff', name: 'Evil\u0000\u0007\u001b[31mName\r\nX  \u202eY' },
      { id: 'b', role: 'staff', name: '\u200b\u0007' },
      { id: 'c', role: 'staff', name: `Ann ${'x'.repeat(300)}` },
      { id: 'd', role: 'staff', name: '王小明' },
    );
    const names = (await repository.listAllStaff()).map((member) => member.name);
    expect(names).toEqual(['Evil31mNameX Y', '', `Ann ${'x'.repeat(96)}`, '王小明']);
  });

  it('lists every account over the pages of 60, with each status', async () => {
    cognito
      .on(ListUsersCommand)
      .resolvesOnce({
        Users: [
          {
            ...cognitoUser({ id: 'a', role: 'admin' }),
            Attributes: attributes({ id: 'a', role: 'admin' }),
          },
          {
            ...cognitoUser({ id: 'b', role: 'staff', enabled: false }),
            Attributes: attributes({ id: 'b', role: 'staff' }),
          },
        ],
        PaginationToken: 'page-2',
      })
      .resolvesOnce({
        Users: [
          {
            ...cognitoUser({ id: 'c', status: 'UNCONFIRMED' }),
            Attributes: attributes({ id: 'c', role: 'staff' }),
          },
          { ...cognitoUser({ id: 'd' }), Attributes: attributes({ id: 'd' }) },
        ],
      });
    const members = await repository.listAllStaff();
    expect(members.map((member) => [member.id, member.role, member.status])).toEqual([
      ['a', 'admin', 'active'],
      ['b', 'staff', 'disabled'],
      ['c', 'staff', 'unverified'],
      ['d', null, 'pending'],
    ]);
    expect(members[0]).toEqual({
      id: 'a',
      name: 'a',
      email: 'a@example.com',
      role: 'admin',
      status: 'active',
      mfaEnabled: false,
      lastSignInAt: null,
      invitedAt: null,
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
    });
    expect(cognito).toReceiveNthCommandWith(ListUsersCommand, 1, {
      UserPoolId: 'us-east-1_pool',
      Limit: 60,
      PaginationToken: undefined,
    });
    expect(cognito).toReceiveNthCommandWith(ListUsersCommand, 2, { PaginationToken: 'page-2' });
  });

  it('finds one account, undefined when Cognito does not know it, and passes other errors on', async () => {
    poolHolds({ id: 'a', role: 'staff' });
    await expect(repository.findStaff('a')).resolves.toMatchObject({ id: 'a', role: 'staff' });
    await expect(repository.findStaff('zz')).resolves.toBeUndefined();
    // Cognito finds a user by its email too: an account is known by its id only.
    cognito
      .on(AdminGetUserCommand, { Username: 'a@example.com' })
      .resolves(cognitoUser({ id: 'a', role: 'staff' }));
    await expect(repository.findStaff('a@example.com')).resolves.toBeUndefined();
    const outage = new Error('Cognito is down');
    cognito.on(AdminGetUserCommand).rejects(outage);
    await expect(repository.findStaff('a')).rejects.toBe(outage);
  });

  it('creates an account with the typed temporary password and no mail, or mails an invitation', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'new-sub' } });
    const person = { name: 'New', email: 'new@example.com', role: 'staff' as const };
    const userAttributes = [
      { Name: 'email', Value: 'new@example.com' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: 'New' },
      { Name: 'custom:role', Value: 'staff' },
    ];
    await expect(
      repository.createAccount({
        ...person,
        temporaryPassword: 'Secret-Passw0rd!',
        language: 'en',
      }),
    ).resolves.toBe('new-sub');
    expect(cognito).toReceiveCommandWith(AdminCreateUserCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'new@example.com',
      TemporaryPassword: 'Secret-Passw0rd!',
      MessageAction: 'SUPPRESS',
      UserAttributes: userAttributes,
    });
    // No permanent password an admin chose: the person replaces the temporary one.
    expect(cognito).toReceiveCommandTimes(AdminSetUserPasswordCommand, 0);
    cognito.resetHistory();
    await repository.createAccount({ ...person, temporaryPassword: undefined, language: 'zh' });
    const invitation = cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    expect(invitation).toEqual({
      UserPoolId: 'us-east-1_pool',
      Username: 'new@example.com',
      DesiredDeliveryMediums: ['EMAIL'],
      ClientMetadata: { language: 'zh' },
      UserAttributes: userAttributes,
    });
  });

  it('resends an invitation, resets a password and turns MFA off with the Cognito calls AWS takes', async () => {
    cognito.on(AdminCreateUserCommand).resolves({});
    cognito.on(AdminResetUserPasswordCommand).resolves({});
    cognito.on(AdminSetUserMFAPreferenceCommand).resolves({});
    await repository.resendInvitation('new@example.com', 'zh');
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'us-east-1_pool',
      Username: 'new@example.com',
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
      ClientMetadata: { language: 'zh' },
    });
    await repository.resetPassword('a', 'en');
    expect(cognito).toReceiveCommandWith(AdminResetUserPasswordCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'a',
      ClientMetadata: { language: 'en', reason: 'adminReset' },
    });
    await repository.turnOffMfa('a');
    expect(cognito).toReceiveCommandWith(AdminSetUserMFAPreferenceCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'a',
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
  });

  it('tells invited, expired, reset and active accounts apart, with their security records', async () => {
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000);
    cognito.on(ListUsersCommand).resolves({
      Users: [
        { ...cognitoUser({ id: 'fresh', role: 'staff', status: 'FORCE_CHANGE_PASSWORD' }) },
        { ...cognitoUser({ id: 'old', role: 'staff', status: 'FORCE_CHANGE_PASSWORD' }) },
        {
          // No record: Cognito's last change of the account dates the invitation.
          ...cognitoUser({ id: 'legacy', role: 'staff', status: 'FORCE_CHANGE_PASSWORD' }),
          UserLastModifiedDate: daysAgo(8),
        },
        { ...cognitoUser({ id: 'reset', role: 'staff', status: 'RESET_REQUIRED' }) },
        {
          ...cognitoUser({
            id: 'off',
            role: 'staff',
            status: 'FORCE_CHANGE_PASSWORD',
            enabled: false,
          }),
        },
        { ...cognitoUser({ id: 'active', role: 'admin' }) },
      ].map((user) => ({
        ...user,
        Attributes: attributes({ id: user.Username!, role: 'staff' }),
      })),
    });
    documents.on(QueryCommand).resolves({
      Items: [
        { pk: 'ACCOUNTSEC', sk: 'fresh', invitedAt: daysAgo(6).toISOString(), invitation: 'mail' },
        {
          pk: 'ACCOUNTSEC',
          sk: 'old',
          invitedAt: daysAgo(7.01).toISOString(),
          invitation: 'typed',
        },
        {
          pk: 'ACCOUNTSEC',
          sk: 'active',
          mfaEnabledAt: 1_790_000_000,
          lastSignInAt: '2026-11-20T08:00:00.000Z',
          invitedAt: daysAgo(30).toISOString(),
        },
      ],
    });
    const members = await repository.listAllStaff();
    expect(
      members.map((member) => [member.id, member.status, member.mfaEnabled, member.lastSignInAt]),
    ).toEqual([
      ['fresh', 'invited', false, null],
      ['old', 'invitationExpired', false, null],
      ['legacy', 'invitationExpired', false, null],
      ['reset', 'resetRequired', false, null],
      ['off', 'disabled', false, null],
      ['active', 'active', true, '2026-11-20T08:00:00.000Z'],
    ]);
    expect(members[0]!.invitedAt).toBe(daysAgo(6).toISOString());
    // An invitation counts only while pending.
    expect(members[5]!.invitedAt).toBeNull();
    expect(documents).toReceiveCommandWith(QueryCommand, {
      KeyConditionExpression: '#n0 = :v0',
      ExpressionAttributeValues: { ':v0': 'ACCOUNTSEC' },
    });
  });

  it("answers one account's MFA as Cognito says it", async () => {
    cognito.on(AdminGetUserCommand, { Username: 'a' }).resolves({
      ...cognitoUser({ id: 'a', role: 'admin' }),
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });
    await expect(repository.findStaff('a')).resolves.toMatchObject({ mfaEnabled: true });
    cognito.on(AdminGetUserCommand, { Username: 'b' }).resolves(cognitoUser({ id: 'b' }));
    documents.on(GetCommand).resolves({ Item: { pk: 'ACCOUNTSEC', sk: 'b', mfaEnabledAt: 5 } });
    await expect(repository.findStaff('b')).resolves.toMatchObject({ mfaEnabled: false });
  });

  it('disables and enables an account, and ends its sessions on its own call', async () => {
    await repository.setEnabled('a', false);
    expect(cognito).toReceiveCommandWith(AdminDisableUserCommand, { Username: 'a' });
    expect(cognito).toReceiveCommandTimes(AdminUserGlobalSignOutCommand, 0);
    cognito.resetHistory();
    await repository.setEnabled('a', true);
    expect(cognito).toReceiveCommandWith(AdminEnableUserCommand, { Username: 'a' });
    cognito.resetHistory();
    await repository.signOutEverywhere('a');
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'a',
    });
  });
});

describe('the accounts lease', () => {
  it('takes the lease with a conditional put and releases only its own', async () => {
    const before = Date.now();
    await expect(withAccountsLock(async () => 'done')).resolves.toBe('done');
    const put = documents.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({ ...lockKey, owner: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const leaseUntil = put.Item!.leaseUntil as number;
    expect(leaseUntil - before).toBeGreaterThanOrEqual(15_000);
    expect(leaseUntil - Date.now()).toBeLessThanOrEqual(15_000);
    expect(readable(put)).toBe(
      `(attribute_not_exists(pk)) OR (leaseUntil < ${leaseUntil - 15_000})`,
    );
    const release = documents.commandCalls(DeleteCommand)[0]!.args[0].input;
    expect(release.Key).toEqual(lockKey);
    expect(readable(release)).toBe(`owner = "${put.Item!.owner as string}"`);
  });

  it('waits while another admin holds it, and answers staffChangeInProgress after ten tries', async () => {
    documents.on(PutCommand).rejects(conditionFailed());
    const work = vi.fn(async () => 'never');
    const error = await withAccountsLock(work).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ messageKey: 'errors.staffChangeInProgress' });
    expect(work).not.toHaveBeenCalled();
    expect(documents).toReceiveCommandTimes(PutCommand, 10);
    expect(pauses).toHaveBeenCalledTimes(9);
    for (const [ms] of pauses.mock.calls) {
      expect(ms).toBeGreaterThanOrEqual(100);
      expect(ms).toBeLessThanOrEqual(300);
    }
    // Never held, never released.
    expect(documents).toReceiveCommandTimes(DeleteCommand, 0);
  });

  it('goes ahead once the holder is done, and releases the lease when the work fails', async () => {
    documents.on(PutCommand).rejectsOnce(conditionFailed()).resolves({});
    const failure = new Error('work failed');
    await expect(withAccountsLock(async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(documents).toReceiveCommandTimes(PutCommand, 2);
    expect(documents).toReceiveCommandTimes(DeleteCommand, 1);
  });
});

describe('updateStaff', () => {
  const admins = () => [
    { id: 'caller', role: 'admin' as const },
    { id: 'other', role: 'admin' as const },
  ];

  it('refuses a change to the caller’s own account before taking the lease', async () => {
    const error = await service
      .updateStaff('caller', { role: 'staff' }, caller)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ messageKey: 'errors.staffSelfChange' });
    expect(documents.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('writes the audit entry, then changes Cognito, inside the lease', async () => {
    poolHolds(...admins());
    await service.updateStaff('other', { role: 'staff' }, caller);

    expect(auditPut().Item).toMatchObject({
      pk: 'AUDIT#staff#other',
      actor,
      action: 'update',
      entity: 'staff',
      subjectLabel: 'other',
      subjectDetail: 'other@example.com',
      changes: { role: { from: 'admin', to: 'staff' } },
    });
    expect(cognito).toReceiveCommandWith(AdminUpdateUserAttributesCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'other',
      UserAttributes: [{ Name: 'custom:role', Value: 'staff' }],
    });
    const lease = firstCall(documents.calls(), PutCommand);
    const entry = firstCall(documents.calls(), TransactWriteCommand);
    const change = firstCall(cognito.calls(), AdminUpdateUserAttributesCommand);
    const release = firstCall(documents.calls(), DeleteCommand);
    expect(lease.calledBefore(entry)).toBe(true);
    expect(entry.calledBefore(change)).toBe(true);
    expect(change.calledBefore(release)).toBe(true);
    expect(release.args[0]).toMatchObject({ input: { Key: lockKey } });
  });

  it('refuses to demote or disable the last active admin, changing and recording nothing', async () => {
    // The caller's own account was read as admin; the list read after no longer counts it.
    cognito.on(AdminGetUserCommand).resolves(cognitoUser({ id: 'caller', role: 'admin' }));
    cognito
      .on(AdminGetUserCommand, { Username: 'last' })
      .resolves(cognitoUser({ id: 'last', role: 'admin' }));
    cognito.on(ListUsersCommand).resolves({
      Users: [
        { ...cognitoUser({ id: 'last' }), Attributes: attributes({ id: 'last', role: 'admin' }) },
        {
          ...cognitoUser({ id: 'caller' }),
          Attributes: attributes({ id: 'caller', role: 'staff' }),
        },
        // A disabled admin is no admin.
        {
          ...cognitoUser({ id: 'off', enabled: false }),
          Attributes: attributes({ id: 'off', role: 'admin' }),
        },
      ],
    });
    for (const change of [{ role: 'staff' as const }, { enabled: false }]) {
      const error = await service
        .updateStaff('last', change, caller)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ messageKey: 'errors.lastAdmin' });
    }
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminUpdateUserAttributesCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminDisableUserCommand, 0);
    expect(documents).toReceiveCommandTimes(DeleteCommand, 2);
  });

  it('refuses a caller who is no longer an active admin, and releases the lease', async () => {
    poolHolds({ id: 'caller', role: 'staff' }, { id: 'other', role: 'staff' });
    await expect(service.updateStaff('other', { enabled: false }, caller)).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    poolHolds({ id: 'caller', role: 'admin', enabled: false }, { id: 'other', role: 'staff' });
    await expect(service.updateStaff('other', { enabled: false }, caller)).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(documents).toReceiveCommandTimes(DeleteCommand, 2);
  });

  it('answers staffNotFound for an unknown account', async () => {
    poolHolds({ id: 'caller', role: 'admin' });
    await expect(service.updateStaff('ghost', { role: 'admin' }, caller)).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.staffNotFound',
    });
  });

  it('takes the audit entry back when Cognito refuses the change', async () => {
    poolHolds(...admins());
    const refusal = new Error('Cognito refused');
    cognito.on(AdminUpdateUserAttributesCommand).rejects(refusal);
    await expect(service.updateStaff('other', { role: 'staff' }, caller)).rejects.toBe(refusal);
    const entry = auditPut().Item!;
    expect(documents).toReceiveCommandWith(DeleteCommand, {
      TableName: 'test-table',
      Key: { pk: entry.pk, sk: entry.sk },
    });
    expect(documents).toReceiveCommandTimes(DeleteCommand, 2);
    // The entry first, then the lease.
    expect(documents).toReceiveNthCommandWith(DeleteCommand, 2, { Key: lockKey });
  });

  it('puts the role back when disabling fails after the role changed', async () => {
    poolHolds({ id: 'caller', role: 'admin' }, { id: 'other', role: 'staff' });
    cognito.on(AdminDisableUserCommand).rejects(new Error('Cognito refused'));
    await expect(
      service.updateStaff('other', { role: 'admin', enabled: false }, caller),
    ).rejects.toThrow('Cognito refused');
    expect(
      cognito
        .commandCalls(AdminUpdateUserAttributesCommand)
        .map((call) => call.args[0].input.UserAttributes),
    ).toEqual([
      [{ Name: 'custom:role', Value: 'admin' }],
      [{ Name: 'custom:role', Value: 'staff' }],
    ]);
    expect(documents).toReceiveNthCommandWith(DeleteCommand, 1, {
      Key: { pk: 'AUDIT#staff#other', sk: expect.stringMatching(/^AT#/) },
    });
  });

  it('disables an account (ending its sessions) and records the switch', async () => {
    poolHolds(...admins());
    await service.updateStaff('other', { enabled: false }, caller);
    expect(auditPut().Item!.changes).toEqual({ enabled: { from: true, to: false } });
    expect(cognito).toReceiveCommandWith(AdminDisableUserCommand, { Username: 'other' });
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'other' });
    expect(cognito).toReceiveCommandTimes(AdminUpdateUserAttributesCommand, 0);
  });

  it('records and changes nothing when the change changes nothing', async () => {
    poolHolds(...admins());
    await expect(
      service.updateStaff('other', { role: 'admin', enabled: true }, caller),
    ).resolves.toMatchObject({
      id: 'other',
      role: 'admin',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminUpdateUserAttributesCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminEnableUserCommand, 0);
  });

  it("makes this process read the changed account's standing again", async () => {
    poolHolds(...admins());
    await currentStanding('other');
    await currentStanding('other');
    const reads = () =>
      cognito
        .commandCalls(AdminGetUserCommand)
        .filter((call) => call.args[0].input.Username === 'other').length;
    expect(reads()).toBe(1);
    await service.updateStaff('other', { role: 'staff' }, caller);
    const afterChange = reads();
    await currentStanding('other');
    expect(reads()).toBe(afterChange + 1);
  });
});

describe('createStaff', () => {
  const input = {
    name: 'New Person',
    email: 'New@Example.com',
    password: 'Secret-Passw0rd!',
    role: 'staff' as const,
    language: 'en' as const,
  };
  const transactItems = () =>
    documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;

  beforeEach(() => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'new-sub' } });
    cognito.on(AdminDeleteUserCommand).resolves({});
  });

  it('creates the account with its temporary password, then records it and the invitation without the password', async () => {
    poolHolds(
      { id: 'caller', role: 'admin' },
      { id: 'new-sub', role: 'staff', name: 'New Person', status: 'FORCE_CHANGE_PASSWORD' },
    );
    const invitedAt = new Date().toISOString();
    documents
      .on(GetCommand, { Key: { pk: 'ACCOUNTSEC', sk: 'new-sub' } })
      .resolves({ Item: { pk: 'ACCOUNTSEC', sk: 'new-sub', invitedAt, invitation: 'typed' } });
    await expect(service.createStaff(input, caller)).resolves.toMatchObject({
      invitedAt,
      id: 'new-sub',
      status: 'invited',
    });
    expect(cognito).toReceiveCommandWith(AdminCreateUserCommand, {
      Username: 'new@example.com',
      TemporaryPassword: 'Secret-Passw0rd!',
      MessageAction: 'SUPPRESS',
    });
    expect(auditPut().Item).toMatchObject({
      pk: 'AUDIT#staff#new-sub',
      action: 'create',
      actor,
      subjectLabel: 'New Person',
      subjectDetail: 'new@example.com',
      changes: {
        name: { from: null, to: 'New Person' },
        email: { from: null, to: 'new@example.com' },
        role: { from: null, to: 'staff' },
        enabled: { from: null, to: true },
        invitation: { from: null, to: 'typed' },
      },
    });
    expect(JSON.stringify(transactItems())).not.toContain('Secret-Passw0rd');
    // The invitation's time, in the same transaction as the entry.
    const record = transactItems().find((item) => item.Update)!.Update!;
    expect(record.Key).toEqual({ pk: 'ACCOUNTSEC', sk: 'new-sub' });
    expect(Object.values(record.ExpressionAttributeValues!)).toContain('typed');
    const creation = firstCall(cognito.calls(), AdminCreateUserCommand);
    expect(creation.calledBefore(firstCall(documents.calls(), TransactWriteCommand))).toBe(true);
  });

  it('mails an invitation in the chosen language when no password is given', async () => {
    poolHolds({ id: 'caller', role: 'admin' }, { id: 'new-sub', status: 'FORCE_CHANGE_PASSWORD' });
    await service.createStaff({ ...input, password: undefined, language: 'zh' }, caller);
    const creation = cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    expect(creation).toMatchObject({
      DesiredDeliveryMediums: ['EMAIL'],
      ClientMetadata: { language: 'zh' },
    });
    expect(creation).not.toHaveProperty('MessageAction');
    expect(creation).not.toHaveProperty('TemporaryPassword');
    expect(auditPut().Item).toMatchObject({ changes: { invitation: { from: null, to: 'mail' } } });
  });

  it('refuses a caller who is no longer an admin, creating nothing', async () => {
    poolHolds({ id: 'caller', role: 'staff' });
    await expect(service.createStaff(input, caller)).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(cognito).toReceiveCommandTimes(AdminCreateUserCommand, 0);
  });

  it('answers staffEmailTaken for an email Cognito already has', async () => {
    poolHolds({ id: 'caller', role: 'admin' });
    cognito
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    const error = await service.createStaff(input, caller).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ fields: { email: { key: 'errors.staffEmailTaken' } } });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('answers a password error when Cognito refuses the temporary password, recording nothing', async () => {
    poolHolds({ id: 'caller', role: 'admin' });
    cognito
      .on(AdminCreateUserCommand)
      .rejects(new InvalidPasswordException({ message: 'weak', $metadata: {} }));
    const error = await service.createStaff(input, caller).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ fields: { password: { key: 'errors.passwordRejected' } } });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('deletes the new account when its audit entry cannot be written', async () => {
    poolHolds({ id: 'caller', role: 'admin' });
    const outage = new Error('table unavailable');
    documents.on(TransactWriteCommand).rejects(outage);
    await expect(service.createStaff(input, caller)).rejects.toBe(outage);
    expect(cognito).toReceiveCommandWith(AdminDeleteUserCommand, { Username: 'new-sub' });
  });
});

describe('listStaff', () => {
  const accounts = ['Carol', 'alice', 'Bob', 'Dave'].map((name) => ({
    id: name.toLowerCase(),
    name,
    role: 'staff' as const,
  }));

  it('sorts by name, filters name or email, and pages with a cursor bound to the filter', async () => {
    poolHolds(...accounts);
    const first = await service.listStaff({ sort: 'name', limit: 2 });
    expect(first.items.map((member) => member.name)).toEqual(['alice', 'Bob']);
    expect(first.total).toBe(4);
    const second = await service.listStaff({ sort: 'name', limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((member) => member.name)).toEqual(['Carol', 'Dave']);
    expect(second.nextCursor).toBeNull();

    // Bob's name has no "e"; his email has.
    const filtered = await service.listStaff({ sort: 'name', limit: 1, filter: 'E' });
    expect(filtered.total).toBe(4);
    expect(filtered.items.map((member) => member.name)).toEqual(['alice']);
    await expect(
      service.listStaff({ sort: 'name', limit: 1, filter: 'b', cursor: filtered.nextCursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    const byName = await service.listStaff({ sort: 'name', limit: 5, filter: 'CA' });
    expect(byName).toMatchObject({ total: 1, nextCursor: null });
    expect(byName.items.map((member) => member.name)).toEqual(['Carol']);
  });

  it('refuses a signed cursor whose offset is not a number', async () => {
    poolHolds(...accounts);
    const cursor = await encodeCursor({ offset: '1e3' }, { list: 'staff', sort: 'name' });
    await expect(
      service.listStaff({ sort: 'name', limit: 2, cursor: cursor! }),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      messageKey: 'errors.invalidCursor',
    });
  });
});

describe('listStaff: last sign-in and MFA', () => {
  const accounts = ['Ann', 'Ben', 'Cy', 'Di'].map((name) => ({
    id: name.toLowerCase(),
    name,
    role: 'staff' as const,
  }));
  const records = [
    { pk: 'ACCOUNTSEC', sk: 'ann', lastSignInAt: '2026-11-20T10:00:00.000Z', mfaEnabledAt: 1 },
    { pk: 'ACCOUNTSEC', sk: 'ben', lastSignInAt: '2026-10-01T00:00:00.000Z' },
    { pk: 'ACCOUNTSEC', sk: 'di', lastSignInAt: '2026-11-01T00:00:00.000Z', mfaEnabledAt: 2 },
  ];

  it('sorts by last sign-in (never first), filters on MFA and days without sign-in, with totals and cursors of each', async () => {
    poolHolds(...accounts);
    documents.on(QueryCommand).resolves({ Items: records });
    const names = (list: { items: { name: string }[] }) => list.items.map((member) => member.name);
    expect(names(await service.listStaff({ limit: 10, sort: 'lastSignIn' }))).toEqual([
      'Cy',
      'Ben',
      'Di',
      'Ann',
    ]);
    const withMfa = await service.listStaff({ limit: 10, sort: 'name', mfa: 'on' });
    expect([names(withMfa), withMfa.total]).toEqual([['Ann', 'Di'], 2]);
    expect(names(await service.listStaff({ limit: 10, sort: 'name', mfa: 'off' }))).toEqual([
      'Ben',
      'Cy',
    ]);
    // Di signed in at the very start of 1 November: signed in since that day.
    const idle = await service.listStaff({
      limit: 1,
      sort: 'lastSignIn',
      notSignedInSince: '2026-11-01',
    });
    expect([names(idle), idle.total]).toEqual([['Cy'], 2]);
    const next = await service.listStaff({
      limit: 1,
      sort: 'lastSignIn',
      notSignedInSince: '2026-11-01',
      cursor: idle.nextCursor!,
    });
    expect([names(next), next.nextCursor]).toEqual([['Ben'], null]);
    // A cursor is bound to its filters and order.
    for (const other of [
      { sort: 'name' as const, notSignedInSince: '2026-11-01' },
      { sort: 'lastSignIn' as const, notSignedInSince: '2026-11-02' },
      { sort: 'lastSignIn' as const, notSignedInSince: '2026-11-01', mfa: 'off' as const },
    ]) {
      await expect(
        service.listStaff({ limit: 1, ...other, cursor: idle.nextCursor! }),
      ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    }
  });

  it('sorts by MFA: accounts without an authenticator app first, ties by name; the cursor bound to that order', async () => {
    poolHolds(...accounts);
    documents.on(QueryCommand).resolves({ Items: records });
    const names = (list: { items: { name: string }[] }) => list.items.map((member) => member.name);
    const first = await service.listStaff({ limit: 3, sort: 'mfa' });
    expect([names(first), first.total]).toEqual([['Ben', 'Cy', 'Ann'], 4]);
    const next = await service.listStaff({ limit: 3, sort: 'mfa', cursor: first.nextCursor! });
    expect([names(next), next.nextCursor]).toEqual([['Di'], null]);
    // With a filter: the same order among those that pass it.
    const filtered = await service.listStaff({ limit: 10, sort: 'mfa', filter: 'n' });
    expect(names(filtered)).toEqual(['Ben', 'Ann']);
    for (const other of [
      { sort: 'name' as const },
      { sort: 'lastSignIn' as const },
      { sort: 'mfa' as const, mfa: 'off' as const },
    ]) {
      await expect(
        service.listStaff({ limit: 3, ...other, cursor: first.nextCursor! }),
      ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    }
  });
});

describe('an admin acting on another account', () => {
  beforeEach(() => {
    cognito.on(AdminCreateUserCommand).resolves({});
    cognito.on(AdminResetUserPasswordCommand).resolves({});
    cognito.on(AdminSetUserMFAPreferenceCommand).resolves({});
  });
  const updates = () =>
    documents
      .commandCalls(TransactWriteCommand)
      .flatMap((call) => call.args[0].input.TransactItems!)
      .filter((item) => item.Update)
      .map((item) => item.Update!);
  /** The audit entries written, in order. */
  const entries = () =>
    documents
      .commandCalls(TransactWriteCommand)
      .flatMap((call) => call.args[0].input.TransactItems!)
      .filter((item) => item.Put && String(item.Put.Item!.pk).startsWith('AUDIT#'))
      .map((item) => item.Put!.Item!);

  it.each([
    ['resendInvitation', () => service.resendInvitation('caller', 'en', caller)],
    ['resetStaffPassword', () => service.resetStaffPassword('caller', 'en', caller)],
    ['resetStaffMfa', () => service.resetStaffMfa('caller', caller)],
  ])('%s refuses the caller’s own account, touching nothing', async (_, act) => {
    poolHolds({ id: 'caller', role: 'admin' });
    await expect(act()).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.ownAccountAction',
    });
    expect(cognito.calls()).toHaveLength(0);
    expect(documents.calls()).toHaveLength(0);
  });

  it('resends an invitation to an invited account only, audited, and dates it again', async () => {
    poolHolds(
      { id: 'caller', role: 'admin' },
      { id: 'guest', role: 'staff', status: 'FORCE_CHANGE_PASSWORD' },
      { id: 'member', role: 'staff' },
    );
    await service.resendInvitation('guest', 'zh', caller);
    expect(cognito).toReceiveCommandWith(AdminCreateUserCommand, {
      Username: 'guest@example.com',
      MessageAction: 'RESEND',
      ClientMetadata: { language: 'zh' },
    });
    expect(auditPut().Item).toMatchObject({
      pk: 'AUDIT#staff#guest',
      action: 'resend',
      actor,
      changes: { invitedAt: { to: expect.stringMatching(/^\d{4}-/) } },
    });
    expect(
      documents
        .commandCalls(TransactWriteCommand)
        .some((call) =>
          call.args[0].input.TransactItems!.some(
            (item) => item.Update?.Key?.sk === 'guest' && item.Update.Key.pk === 'ACCOUNTSEC',
          ),
        ),
    ).toBe(true);
    cognito.resetHistory();
    await expect(service.resendInvitation('member', 'en', caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.notInvited',
    });
    expect(cognito).toReceiveCommandTimes(AdminCreateUserCommand, 0);
    await expect(service.resendInvitation('nobody', 'en', caller)).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it.each([
    ['resendInvitation', 'FORCE_CHANGE_PASSWORD', service.resendInvitation],
    ['resetStaffPassword', 'CONFIRMED', service.resetStaffPassword],
  ] as const)('%s refuses a disabled account, touching nothing', async (_, status, act) => {
    poolHolds(
      { id: 'caller', role: 'admin' },
      { id: 'gone', role: 'staff', status, enabled: false },
    );
    await expect(act('gone', 'en', caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.accountDisabled',
    });
    expect(cognito).toReceiveCommandTimes(AdminCreateUserCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminResetUserPasswordCommand, 0);
    expect(cognito).toReceiveCommandTimes(AdminUserGlobalSignOutCommand, 0);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('resets a password: sessions end from the next second (audited on their own), then Cognito mails the code; audited', async () => {
    poolHolds({ id: 'caller', role: 'admin' }, { id: 'member', role: 'staff' });
    documents
      .on(GetCommand, { Key: { pk: 'ACCOUNTSEC', sk: 'member' } })
      .resolves({ Item: { pk: 'ACCOUNTSEC', sk: 'member', revokedBefore: 1_700_000_000 } });
    const before = Math.floor(Date.now() / 1000) + 1;
    await service.resetStaffPassword('member', 'zh', caller);
    const revocation = updates().find((update) => update.Key!.sk === 'member')!;
    const revokedBefore = Object.values(revocation.ExpressionAttributeValues!)[0] as number;
    expect(revokedBefore).toBeGreaterThanOrEqual(before);
    expect(revokedBefore).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(entries()).toMatchObject([
      {
        pk: 'AUDIT#staff#member',
        action: 'revoke',
        actor,
        changes: {
          sessionsBefore: {
            from: new Date(1_700_000_000_000).toISOString(),
            to: new Date(revokedBefore * 1000).toISOString(),
          },
          reason: { from: null, to: 'adminReset' },
        },
      },
      {
        pk: 'AUDIT#staff#member',
        action: 'update',
        actor,
        changes: { passwordReset: { from: false, to: true } },
      },
    ]);
    // The revocation and its entry are one write.
    expect(
      documents
        .commandCalls(TransactWriteCommand)[0]!
        .args[0].input.TransactItems!.map((item) =>
          item.Update ? `record ${String(item.Update.Key!.sk)}` : item.Put?.Item?.action,
        )
        .sort(),
    ).toEqual(['record member', 'revoke']);
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'member' });
    expect(cognito).toReceiveCommandWith(AdminResetUserPasswordCommand, {
      Username: 'member',
      ClientMetadata: { language: 'zh', reason: 'adminReset' },
    });
    const signOut = firstCall(cognito.calls(), AdminUserGlobalSignOutCommand);
    expect(signOut.calledBefore(firstCall(cognito.calls(), AdminResetUserPasswordCommand))).toBe(
      true,
    );
    // It answers once that second has come (the wait, recorded by the mocked timer).
    const waited = pauses.mock.calls.at(-1)![0]!;
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(1000);
  });

  it('refuses to reset an invited account’s password, and answers 429 when the person had their mails', async () => {
    poolHolds(
      { id: 'caller', role: 'admin' },
      { id: 'guest', role: 'staff', status: 'FORCE_CHANGE_PASSWORD' },
      { id: 'member', role: 'staff' },
    );
    await expect(service.resetStaffPassword('guest', 'en', caller)).rejects.toMatchObject({
      messageKey: 'errors.invitedAccount',
    });
    expect(cognito).toReceiveCommandTimes(AdminResetUserPasswordCommand, 0);
    cognito.on(AdminResetUserPasswordCommand).rejects(
      new UserLambdaValidationException({
        message:
          'CustomMessage failed with error Too many mails to this address; try again in 12 minutes.',
        $metadata: {},
      }),
    );
    await expect(service.resetStaffPassword('member', 'en', caller)).rejects.toMatchObject({
      code: 'resource-exhausted',
      retryAfterSeconds: 720,
    });
    // The refused reset's entry is taken back; the revocation made before it stays, and so
    // does its entry.
    const [revoked, reset] = entries();
    expect([revoked!.action, reset!.action]).toEqual(['revoke', 'update']);
    const auditDeletes = documents
      .commandCalls(DeleteCommand)
      .map((call) => call.args[0].input.Key!)
      .filter((key) => String(key.pk).startsWith('AUDIT#'));
    expect(auditDeletes).toEqual([{ pk: reset!.pk, sk: reset!.sk }]);
    expect(revoked!.sk).not.toBe(reset!.sk);
  });

  it('resets another admin’s MFA: the record first, then Cognito, sessions ended; audited', async () => {
    poolHolds({ id: 'caller', role: 'admin' }, { id: 'other', role: 'admin' });
    cognito.on(AdminGetUserCommand, { Username: 'other' }).resolves({
      ...cognitoUser({ id: 'other', role: 'admin' }),
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });
    await service.resetStaffMfa('other', caller);
    expect(auditPut().Item).toMatchObject({
      pk: 'AUDIT#staff#other',
      action: 'update',
      changes: { mfa: { from: true, to: false } },
    });
    const record = updates().find((update) => update.Key!.sk === 'other')!;
    expect(record.UpdateExpression).toMatch(/REMOVE/);
    expect(cognito).toReceiveCommandWith(AdminSetUserMFAPreferenceCommand, {
      Username: 'other',
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, { Username: 'other' });
    // No role change: an admin stays admin.
    expect(cognito).toReceiveCommandTimes(AdminUpdateUserAttributesCommand, 0);
  });

  it('refuses an MFA reset for an account without an authenticator app', async () => {
    poolHolds({ id: 'caller', role: 'admin' }, { id: 'member', role: 'staff' });
    await expect(service.resetStaffMfa('member', caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.mfaNotEnabled',
    });
    expect(cognito).toReceiveCommandTimes(AdminSetUserMFAPreferenceCommand, 0);
  });
});
