import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostAuthenticationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment, { LOG_LEVEL: 'silent' });

const documents = mockClient(DynamoDBDocumentClient);
const postAuthentication = await import('../../lambdas/auth/post-authentication');
const preSignUp = await import('../../lambdas/auth/pre-sign-up');

/** The event Cognito sends the PostAuthentication trigger after a completed sign-in. */
function signedIn(sub: string | null = 'person-sub'): PostAuthenticationTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'person-sub',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'PostAuthentication_Authentication',
    request: {
      userAttributes: sub === null ? { email: 'p@example.com' } : { sub, email: 'p@example.com' },
      newDeviceUsed: false,
    },
    response: {},
  };
}

/** The event Cognito sends the PreSignUp trigger. */
function signingUp(triggerSource: PreSignUpTriggerEvent['triggerSource']): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'new-sub',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email: 'walk-in@example.com' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

const settingsKey = { pk: 'SETTINGS', sk: 'SITE' };
const storedSettings = (selfRegistration?: boolean) => ({
  Item: {
    ...settingsKey,
    publicVerdicts: ['pass'],
    ...(selfRegistration === undefined ? {} : { selfRegistration }),
    version: 3,
    updatedAt: '2026-03-01T00:00:00.000Z',
    updatedBy: 'admin@example.com',
  },
});

beforeEach(() => documents.reset());
afterEach(() => vi.useRealTimers());

describe('PostAuthentication trigger', () => {
  it("sets the account's last sign-in on its security record, and nothing else", async () => {
    documents.on(UpdateCommand).resolves({});
    const before = Date.now();
    const event = signedIn();
    expect(await postAuthentication.handler(event)).toBe(event);
    const calls = documents.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: 'ACCOUNTSEC', sk: 'person-sub' });
    const values = Object.values(input.ExpressionAttributeValues ?? {});
    expect(values).toHaveLength(1);
    const at = Date.parse(String(values[0]));
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(input.UpdateExpression).toMatch(/^SET /);
    expect(Object.values(input.ExpressionAttributeNames ?? {})).toEqual(['lastSignInAt']);
  });

  it('lets the sign-in go on when the table refuses the write', async () => {
    documents.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const event = signedIn();
    await expect(postAuthentication.handler(event)).resolves.toBe(event);
  });

  it('lets the sign-in go on when the table does not answer, after its own time limit', async () => {
    vi.useFakeTimers();
    documents.on(UpdateCommand).callsFake(() => new Promise(() => undefined));
    const event = signedIn();
    const answered = postAuthentication.handler(event);
    await vi.advanceTimersByTimeAsync(postAuthentication.recordTimeoutMs);
    await expect(answered).resolves.toBe(event);
  });

  it('writes nothing for an event without a sub, and still returns it', async () => {
    const event = signedIn(null);
    await expect(postAuthentication.handler(event)).resolves.toBe(event);
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('PreSignUp trigger', () => {
  it.each([
    ['never saved (the default)', { Item: undefined }],
    ['saved without the field', storedSettings()],
    ['saved off', storedSettings(false)],
  ])('refuses SignUp while self-registration is off: settings %s', async (_, answer) => {
    documents.on(GetCommand, { Key: settingsKey }).resolves(answer);
    await expect(preSignUp.handler(signingUp('PreSignUp_SignUp'))).rejects.toThrow(
      new Error('Sign-up is closed'),
    );
  });

  it('admits SignUp while an admin has it on, changing nothing of the event', async () => {
    documents.on(GetCommand, { Key: settingsKey }).resolves(storedSettings(true));
    const event = signingUp('PreSignUp_SignUp');
    const before = structuredClone(event);
    expect(await preSignUp.handler(event)).toEqual(before);
  });

  it('refuses SignUp when the settings cannot be read (fails closed)', async () => {
    documents.on(GetCommand).rejects(new Error('ECONNREFUSED'));
    await expect(preSignUp.handler(signingUp('PreSignUp_SignUp'))).rejects.toThrow(
      'Sign-up is closed',
    );
  });

  it.each(['PreSignUp_AdminCreateUser', 'PreSignUp_ExternalProvider'] as const)(
    'admits %s whatever the setting, without reading it',
    async (source) => {
      documents.on(GetCommand).resolves(storedSettings(false));
      const event = signingUp(source);
      expect(await preSignUp.handler(event)).toBe(event);
      expect(documents.commandCalls(GetCommand)).toHaveLength(0);
    },
  );
});
