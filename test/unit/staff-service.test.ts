import { DeleteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '../../lambdas/shared/contract/schemas/staff';

Object.assign(process.env, {
  LOG_LEVEL: 'silent',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'reports@example.com',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
// The audit entries go to the table: its client answers here.
const documents = mockClient(DynamoDBDocumentClient);

// The use case's rules, with the Cognito repository and the table lease replaced.
vi.mock('../../lambdas/staff/repository', () => ({
  listAllStaff: vi.fn(),
  findStaff: vi.fn(),
  setRole: vi.fn(),
  setEnabled: vi.fn(),
  signOutEverywhere: vi.fn(),
  createAccount: vi.fn(),
  deleteAccount: vi.fn(),
}));
vi.mock('../../lambdas/staff/accounts-lock', () => ({
  withAccountsLock: <T>(work: () => Promise<T>) => work(),
}));

const repository = await import('../../lambdas/staff/repository');
const { updateStaff, createStaff, listStaff } = await import('../../lambdas/staff/service');
const { InvalidPasswordException, UsernameExistsException } =
  await import('@aws-sdk/client-cognito-identity-provider');

const member = (id: string, changes: Partial<StaffMember> = {}): StaffMember => ({
  id,
  name: id,
  email: `${id}@example.com`,
  role: 'admin',
  status: 'active',
  mfaEnabled: false,
  lastSignInAt: null,
  invitedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});

const caller = {
  sub: 'caller',
  email: 'caller@example.com',
  role: 'admin' as const,
  secondFactor: true,
  authTime: 0,
};

describe('staff rules', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    documents.reset();
    documents.on(TransactWriteCommand).resolves({});
  });

  it('refuses to demote the last active admin, and changes nothing', async () => {
    const accounts = new Map([
      ['caller', member('caller')],
      ['last', member('last')],
    ]);
    vi.mocked(repository.findStaff).mockImplementation(async (id) => accounts.get(id));
    // The caller's admin status was read first; the list no longer counts it (a race).
    vi.mocked(repository.listAllStaff).mockResolvedValue([member('last')]);
    await expect(updateStaff('last', { role: 'staff' }, caller)).rejects.toMatchObject({
      code: 'aborted',
      messageKey: 'errors.lastAdmin',
    });
    expect(repository.setRole).not.toHaveBeenCalled();
    expect(repository.setEnabled).not.toHaveBeenCalled();
  });

  it('lets an admin be demoted while another active admin remains', async () => {
    const accounts = new Map([
      ['caller', member('caller')],
      ['other', member('other')],
    ]);
    vi.mocked(repository.findStaff).mockImplementation(async (id) => accounts.get(id));
    vi.mocked(repository.listAllStaff).mockResolvedValue([...accounts.values()]);
    await updateStaff('other', { role: 'staff' }, caller);
    expect(repository.setRole).toHaveBeenCalledWith('other', 'staff');
    // Its audit entry, written before the change: who, what, before and after.
    expect(documents).toReceiveCommandWith(TransactWriteCommand, {
      TransactItems: [
        {
          Put: expect.objectContaining({
            Item: expect.objectContaining({
              pk: 'AUDIT#staff#other',
              actor: { id: 'caller', email: 'caller@example.com' },
              action: 'update',
              changes: { role: { from: 'admin', to: 'staff' } },
            }),
          }),
        },
      ],
    });
  });

  it('takes the audit entry back when Cognito refuses the change', async () => {
    const accounts = new Map([
      ['caller', member('caller')],
      ['other', member('other', { role: 'staff' })],
    ]);
    vi.mocked(repository.findStaff).mockImplementation(async (id) => accounts.get(id));
    vi.mocked(repository.setEnabled).mockRejectedValue(new Error('Cognito said no'));
    await expect(updateStaff('other', { enabled: false }, caller)).rejects.toThrow(
      'Cognito said no',
    );
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
    expect(documents).toReceiveCommandWith(DeleteCommand, {
      Key: { pk: 'AUDIT#staff#other', sk: expect.stringMatching(/^AT#/) },
    });
  });

  it('ends the sessions of a disabled account; a failed sign-out keeps the change and its entry', async () => {
    const accounts = new Map([
      ['caller', member('caller')],
      ['other', member('other', { role: 'staff' })],
    ]);
    vi.mocked(repository.findStaff).mockImplementation(async (id) => accounts.get(id));
    vi.mocked(repository.signOutEverywhere).mockRejectedValue(new Error('Cognito is slow'));
    await updateStaff('other', { enabled: false }, caller);
    expect(repository.setEnabled).toHaveBeenCalledWith('other', false);
    expect(repository.signOutEverywhere).toHaveBeenCalledWith('other');
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
    expect(documents).toReceiveCommandTimes(DeleteCommand, 0);
  });

  it('records nothing when the change changes nothing', async () => {
    const accounts = new Map([
      ['caller', member('caller')],
      ['other', member('other', { role: 'staff' })],
    ]);
    vi.mocked(repository.findStaff).mockImplementation(async (id) => accounts.get(id));
    await updateStaff('other', { role: 'staff' }, caller);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    expect(repository.setRole).not.toHaveBeenCalled();
  });

  it('refuses a caller whose account is no longer an active admin', async () => {
    vi.mocked(repository.findStaff).mockResolvedValue(member('caller', { role: 'staff' }));
    await expect(updateStaff('x', { enabled: false }, caller)).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('answers a password error when Cognito refuses the temporary password, recording nothing', async () => {
    vi.mocked(repository.findStaff).mockResolvedValue(member('caller'));
    vi.mocked(repository.createAccount).mockRejectedValue(
      new InvalidPasswordException({ message: 'policy', $metadata: {} }),
    );
    await expect(
      createStaff(
        {
          name: 'New',
          email: 'new@example.com',
          password: 'Whatever-2026!',
          role: 'staff',
          language: 'en',
        },
        caller,
      ),
    ).rejects.toMatchObject({ code: 'invalid-argument', fields: { password: expect.anything() } });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('records a new account without its password, or deletes it when the entry fails', async () => {
    vi.mocked(repository.findStaff).mockResolvedValue(member('caller'));
    vi.mocked(repository.createAccount).mockResolvedValue('new-id');
    const input = {
      name: 'New',
      email: 'New@Example.com',
      password: 'Whatever-2026!',
      role: 'staff' as const,
      language: 'en' as const,
    };
    await createStaff(input, caller);
    const item = documents
      .commandCalls(TransactWriteCommand)[0]!
      .args[0].input.TransactItems!.find((entry) => entry.Put)!.Put!.Item!;
    expect(item).toMatchObject({
      pk: 'AUDIT#staff#new-id',
      action: 'create',
      changes: {
        name: { from: null, to: 'New' },
        email: { from: null, to: 'new@example.com' },
        role: { from: null, to: 'staff' },
        enabled: { from: null, to: true },
        invitation: { from: null, to: 'typed' },
      },
    });
    expect(JSON.stringify(item)).not.toContain('Whatever-2026!');

    documents.on(TransactWriteCommand).rejects(new Error('table unreachable'));
    await expect(createStaff(input, caller)).rejects.toThrow('table unreachable');
    expect(repository.deleteAccount).toHaveBeenCalledWith('new-id');

    // Taking the account back fails too: the first failure is still the answer.
    vi.mocked(repository.deleteAccount).mockRejectedValueOnce(new Error('pool unreachable'));
    await expect(createStaff(input, caller)).rejects.toThrow('table unreachable');
  });

  it('maps a taken username to already-exists on the email field', async () => {
    vi.mocked(repository.findStaff).mockResolvedValue(member('caller'));
    vi.mocked(repository.createAccount).mockRejectedValue(
      new UsernameExistsException({ message: 'exists', $metadata: {} }),
    );
    await expect(
      createStaff(
        {
          name: 'New',
          email: 'new@example.com',
          password: 'Whatever-2026!',
          role: 'staff',
          language: 'en',
        },
        caller,
      ),
    ).rejects.toMatchObject({ code: 'already-exists', fields: { email: expect.anything() } });
  });

  it('refuses a cursor it did not write', async () => {
    vi.mocked(repository.listAllStaff).mockResolvedValue([]);
    await expect(listStaff({ limit: 5, sort: 'name', cursor: 'MDA' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});
