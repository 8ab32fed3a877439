import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type {
  PostAuthenticationTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
} from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment, { LOG_LEVEL: 'silent' });
// The PostConfirmation trigger's wait for the next whole second, recorded, not waited for.
const pauses = vi.hoisted(() => vi.fn(async (_ms?: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: pauses }));

const documents = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const postAuthentication = await import('../../lambdas/auth/post-authentication');
const postConfirmation = await import('../../lambdas/auth/post-confirmation');
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

/** Cognito's answer to AdminGetUser: the account with or without an authenticator app. */
const accountWith = ({ app }: { app: boolean }) => ({
  Username: 'person-sub',
  ...(app ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } : {}),
});

/** The event Cognito sends the PostConfirmation trigger. */
function confirmed(
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  sub: string | null = 'person-sub',
): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'person-sub',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: {
        ...(sub === null ? {} : { sub }),
        email: 'p@example.com',
        name: 'Pat Lee',
      },
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

beforeEach(() => {
  documents.reset();
  cognito.reset();
  pauses.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('PostAuthentication trigger', () => {
  /** The one UpdateItem the trigger sent, its expression read. */
  function theUpdate() {
    const calls = documents.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: 'ACCOUNTSEC', sk: 'person-sub' });
    return { input, expression: readable(input, 'UpdateExpression')! };
  }

  it("reads the account in the event's pool and, with its app on, sets only the last sign-in", async () => {
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: true }));
    documents.on(UpdateCommand).resolves({});
    const before = Date.now();
    const event = signedIn();
    expect(await postAuthentication.handler(event)).toBe(event);
    expect(cognito).toReceiveCommandWith(AdminGetUserCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'person-sub',
    });
    const { input, expression } = theUpdate();
    const values = Object.values(input.ExpressionAttributeValues ?? {});
    expect(values).toHaveLength(1);
    const at = Date.parse(String(values[0]));
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(expression).toBe(`SET lastSignInAt = ${JSON.stringify(values[0])}`);
    expect(input.ConditionExpression).toBeUndefined();
  });

  it('removes the second-factor confirmation with the last sign-in when the account has no app (a password-only sign-in)', async () => {
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: false }));
    documents.on(UpdateCommand).resolves({});
    const event = signedIn();
    expect(await postAuthentication.handler(event)).toBe(event);
    expect(theUpdate().expression).toMatch(/^SET lastSignInAt = "[^"]+" REMOVE mfaEnabledAt$/);
  });

  it('refuses the sign-in (throws) and writes nothing when the account cannot be read', async () => {
    cognito.on(AdminGetUserCommand).rejects(new Error('ECONNREFUSED'));
    documents.on(UpdateCommand).resolves({});
    await expect(postAuthentication.handler(signedIn())).rejects.toThrow();
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses the sign-in when the account read does not answer in its time limit', async () => {
    vi.useFakeTimers();
    cognito.on(AdminGetUserCommand).callsFake(() => new Promise(() => undefined));
    documents.on(UpdateCommand).resolves({});
    const answered = postAuthentication.handler(signedIn());
    const refused = expect(answered).rejects.toThrow(/could not be checked/);
    await vi.advanceTimersByTimeAsync(postAuthentication.readTimeoutMs);
    await refused;
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses the sign-in (throws) when the confirmation of an account without its app cannot be removed', async () => {
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: false }));
    documents.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(postAuthentication.handler(signedIn())).rejects.toThrow();
  });

  it('refuses the sign-in when neither the account nor the table answers', async () => {
    cognito.on(AdminGetUserCommand).rejects(new Error('ECONNREFUSED'));
    documents.on(UpdateCommand).rejects(new Error('ECONNREFUSED'));
    await expect(postAuthentication.handler(signedIn())).rejects.toThrow();
  });

  it('lets a sign-in with the app go on when the table refuses the write', async () => {
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: true }));
    documents.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const event = signedIn();
    await expect(postAuthentication.handler(event)).resolves.toBe(event);
  });

  it('lets a sign-in with the app go on when the table does not answer, after its own time limit', async () => {
    vi.useFakeTimers();
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: true }));
    documents.on(UpdateCommand).callsFake(() => new Promise(() => undefined));
    const event = signedIn();
    const answered = postAuthentication.handler(event);
    await vi.advanceTimersByTimeAsync(postAuthentication.recordTimeoutMs);
    await expect(answered).resolves.toBe(event);
  });

  it('keeps its two waits within the 5 s Cognito gives a trigger', () => {
    expect(
      postAuthentication.readTimeoutMs + postAuthentication.recordTimeoutMs,
    ).toBeLessThanOrEqual(4_000);
  });

  it('writes nothing for an event without a sub: returns it with the app on, refuses it without', async () => {
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: true }));
    const event = signedIn(null);
    await expect(postAuthentication.handler(event)).resolves.toBe(event);
    cognito.on(AdminGetUserCommand).resolves(accountWith({ app: false }));
    await expect(postAuthentication.handler(signedIn(null))).rejects.toThrow();
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('PostConfirmation trigger', () => {
  const now = () => Math.floor(Date.now() / 1000);

  beforeEach(() => {
    documents.on(GetCommand).resolves({
      Item: { pk: 'ACCOUNTSEC', sk: 'person-sub', revokedBefore: 1_790_000_000 },
    });
    documents.on(TransactWriteCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
  });

  it('does nothing for a confirmed sign-up', async () => {
    const event = confirmed('PostConfirmation_ConfirmSignUp');
    expect(await postConfirmation.handler(event)).toBe(event);
    expect(documents.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('after "Forgot password": refuses earlier tokens from the next second, audited, signs out everywhere, then waits for that second', async () => {
    const before = now();
    const event = confirmed('PostConfirmation_ConfirmForgotPassword');
    expect(await postConfirmation.handler(event)).toBe(event);
    expect(cognito).toReceiveCommandWith(AdminUserGlobalSignOutCommand, {
      UserPoolId: 'us-east-1_pool',
      Username: 'person-sub',
    });
    expect(documents).toReceiveCommandWith(GetCommand, { ConsistentRead: true });
    const items = documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    const update = items.find((item) => item.Update)!.Update!;
    expect(update.Key).toEqual({ pk: 'ACCOUNTSEC', sk: 'person-sub' });
    const at = Number(/revokedBefore = (\d+)/.exec(readable(update, 'UpdateExpression')!)![1]);
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThanOrEqual(now() + 1);
    // Only ever raised.
    expect(readable(update)).toBe(
      `(attribute_not_exists(revokedBefore)) OR (revokedBefore < ${at})`,
    );
    expect(items.find((item) => item.Put)!.Put!.Item).toMatchObject({
      pk: 'AUDIT#staff#person-sub',
      action: 'revoke',
      entity: 'staff',
      entityId: 'person-sub',
      actor: { id: 'person-sub', name: 'Pat Lee', email: 'p@example.com' },
      changes: {
        sessionsBefore: {
          from: new Date(1_790_000_000_000).toISOString(),
          to: new Date(at * 1000).toISOString(),
        },
        reason: { from: null, to: 'passwordReset' },
      },
    });
    expect(pauses).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the global sign-out',
      () => cognito.on(AdminUserGlobalSignOutCommand).rejects(new Error('x')),
    ],
    ['the revocation', () => documents.on(TransactWriteCommand).rejects(new Error('x'))],
    ['the read of the record', () => documents.on(GetCommand).rejects(new Error('x'))],
  ])('throws when %s fails (Cognito answers the reset with an error)', async (_, fail) => {
    fail();
    await expect(
      postConfirmation.handler(confirmed('PostConfirmation_ConfirmForgotPassword')),
    ).rejects.toThrow();
  });

  it('throws for an event without a sub, ending nothing it cannot name', async () => {
    await expect(
      postConfirmation.handler(confirmed('PostConfirmation_ConfirmForgotPassword', null)),
    ).rejects.toThrow();
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(0);
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
