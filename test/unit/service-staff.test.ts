import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  ListUsersCommand,
  UserNotFoundException,
  UsernameExistsException,
  type AdminGetUserCommandOutput,
  type UserStatusType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
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
};
const actor = { id: 'caller', name: 'Casey Caller', email: 'caller@example.com' };
const lockKey = { pk: 'LOCK#ACCOUNTS', sk: 'LOCK' };

const auditPut = () =>
  documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!;
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

  it('creates a confirmed account without an invitation, and sets a permanent password', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'new-sub' } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    await expect(
      repository.createAccount({ name: 'New', email: 'new@example.com', role: 'staff' }),
    ).resolves.toBe('new-sub');
    expect(cognito).toReceiveCommandWith(AdminCreateUserCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'new@example.com',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'new@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'New' },
        { Name: 'custom:role', Value: 'staff' },
      ],
    });
    await repository.setPassword('new-sub', 'Secret-Passw0rd');
    expect(cognito).toReceiveCommandWith(AdminSetUserPasswordCommand, {
      Username: 'new-sub',
      Password: 'Secret-Passw0rd',
      Permanent: true,
    });
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
  };

  beforeEach(() => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'new-sub' } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
  });

  it('creates the account with its password, then records it without the password', async () => {
    poolHolds(
      { id: 'caller', role: 'admin' },
      { id: 'new-sub', role: 'staff', name: 'New Person' },
    );
    await expect(service.createStaff(input, caller)).resolves.toMatchObject({ id: 'new-sub' });
    expect(cognito).toReceiveCommandWith(AdminCreateUserCommand, { Username: 'new@example.com' });
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
      },
    });
    expect(JSON.stringify(auditPut())).not.toContain('Secret-Passw0rd');
    const password = firstCall(cognito.calls(), AdminSetUserPasswordCommand);
    expect(password.calledBefore(firstCall(documents.calls(), TransactWriteCommand))).toBe(true);
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

  it('deletes the new account when Cognito refuses the password, answering a password error', async () => {
    poolHolds({ id: 'caller', role: 'admin' });
    cognito
      .on(AdminSetUserPasswordCommand)
      .rejects(new InvalidPasswordException({ message: 'weak', $metadata: {} }));
    const error = await service.createStaff(input, caller).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ fields: { password: { key: 'errors.passwordRejected' } } });
    expect(cognito).toReceiveCommandWith(AdminDeleteUserCommand, { Username: 'new-sub' });
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
    const first = await service.listStaff({ limit: 2 });
    expect(first.items.map((member) => member.name)).toEqual(['alice', 'Bob']);
    expect(first.total).toBe(4);
    const second = await service.listStaff({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((member) => member.name)).toEqual(['Carol', 'Dave']);
    expect(second.nextCursor).toBeNull();

    // Bob's name has no "e"; his email has.
    const filtered = await service.listStaff({ limit: 1, filter: 'E' });
    expect(filtered.total).toBe(4);
    expect(filtered.items.map((member) => member.name)).toEqual(['alice']);
    await expect(
      service.listStaff({ limit: 1, filter: 'b', cursor: filtered.nextCursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    const byName = await service.listStaff({ limit: 5, filter: 'CA' });
    expect(byName).toMatchObject({ total: 1, nextCursor: null });
    expect(byName.items.map((member) => member.name)).toEqual(['Carol']);
  });

  it('refuses a signed cursor whose offset is not a number', async () => {
    poolHolds(...accounts);
    const cursor = await encodeCursor({ offset: '1e3' }, { list: 'staff' });
    await expect(service.listStaff({ limit: 2, cursor: cursor! })).rejects.toMatchObject({
      code: 'invalid-argument',
      messageKey: 'errors.invalidCursor',
    });
  });
});

describe('getOwnAccount', () => {
  it("answers the caller's own account as Cognito holds it now, writing nothing", async () => {
    poolHolds(
      { id: 'caller', name: 'Lin Mei-Ling', role: 'staff' },
      { id: 'other', role: 'admin' },
    );
    const account = await service.getOwnAccount({ ...caller, role: 'staff' });
    expect(account).toMatchObject({
      id: 'caller',
      name: 'Lin Mei-Ling',
      email: 'caller@example.com',
      role: 'staff',
      status: 'active',
      createdAt: created.toISOString(),
    });
    expect(cognito).toReceiveCommandTimes(AdminGetUserCommand, 1);
    expect(cognito).toReceiveCommandWith(AdminGetUserCommand, { Username: 'caller' });
    expect(documents.calls()).toHaveLength(0);
  });

  it('answers staffNotFound when the account is gone', async () => {
    poolHolds({ id: 'other', role: 'admin' });
    await expect(service.getOwnAccount(caller)).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.staffNotFound',
    });
  });
});
