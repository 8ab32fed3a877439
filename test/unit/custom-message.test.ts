import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { conditionFailed, readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const { handler } = await import('../../lambdas/auth/custom-message');
const { MailRefusedError, admitMail } = await import('../../lambdas/auth/code-mail-quota');

type Source = CustomMessageTriggerEvent['triggerSource'];

/** The event Cognito sends the CustomMessage trigger. */
function event(
  triggerSource: Source,
  userAttributes: Record<string, string> = { email: 'Person+news@Example.com' },
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'user-sub',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes,
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

const now = new Date('2026-03-04T10:17:30.000Z');
const counted: Source[] = [
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
  'CustomMessage_ForgotPassword',
  'CustomMessage_UpdateUserAttribute',
  'CustomMessage_VerifyUserAttribute',
];
const staff = { email: 'person@example.com', 'custom:role': 'staff' };

beforeEach(() => {
  documents.reset();
  documents.on(UpdateCommand).resolves({});
  documents
    .on(GetCommand, { Key: { pk: 'CONFIG', sk: 'APPURL' } })
    .resolves({ Item: { pk: 'CONFIG', sk: 'APPURL', url: 'https://app.example.com' } });
});

describe('CustomMessage trigger: which mails go', () => {
  it.each(counted)(
    '%s counts one mail against the recipient mailbox, atomically',
    async (source) => {
      await admitMail(event(source, { ...staff, email: 'Person+news@Example.com' }), now);
      const calls = documents.commandCalls(UpdateCommand);
      expect(calls).toHaveLength(1);
      const update = calls[0]!.args[0].input;
      // The mailbox without its sub-address, lower case; the window of the hour.
      expect(update.Key).toEqual({
        pk: 'RATE#codeMail#person@example.com',
        sk: '2026-03-04T10:00:00.000Z',
      });
      expect(readable(update)).toBe('(attribute_not_exists(count)) OR (count < 5)');
    },
  );

  it.each(counted)('%s is refused when the recipient had its 5 mails this hour', async (source) => {
    documents.on(UpdateCommand).rejects(conditionFailed());
    const refusal = admitMail(event(source, staff), now);
    await expect(refusal).rejects.toBeInstanceOf(MailRefusedError);
    await expect(refusal).rejects.toThrow(
      'Too many mails to this address; try again in 43 minutes',
    );
  });

  it('refuses through the handler, so Cognito fails the call and sends nothing', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());
    await expect(handler(event('CustomMessage_ForgotPassword'))).rejects.toBeInstanceOf(
      MailRefusedError,
    );
    documents.on(UpdateCommand).resolves({});
    const answer = await handler(event('CustomMessage_ForgotPassword'));
    expect(answer.response.emailMessage).toContain('https://app.example.com/reset-password');
  });

  it.each(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute'] as const)(
    '%s: no code for a new address of an account without a role, counting nothing',
    async (source) => {
      const roleless: Record<string, string>[] = [
        { email: 'victim@example.com' },
        { email: 'victim@example.com', 'custom:role': '' },
        { email: 'victim@example.com', 'custom:role': 'superuser' },
      ];
      for (const attributes of roleless) {
        await expect(handler(event(source, attributes))).rejects.toThrow(
          'This account may not change its email address',
        );
      }
      expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
      for (const role of ['staff', 'admin']) {
        const answer = await handler(
          event(source, { email: 'new@example.com', 'custom:role': role }),
        );
        expect(answer.response.emailSubject).toBeTruthy();
      }
    },
  );

  it('lets a role-less account have its sign-up code and reset link (within the quota)', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ForgotPassword'] as const) {
      const answer = await handler(event(source, { email: 'new@example.com' }));
      expect(answer.response.emailMessage).toBeTruthy();
    }
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(2);
  });

  it("does not count an admin's invitation", async () => {
    const answer = await handler(event('CustomMessage_AdminCreateUser', staff));
    expect(answer.response.emailMessage).toContain('https://app.example.com/login');
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('fails closed when the count cannot be written', async () => {
    documents.on(UpdateCommand).rejects(new Error('DynamoDB unreachable'));
    await expect(handler(event('CustomMessage_SignUp'))).rejects.toThrow('DynamoDB unreachable');
  });
});

describe('CustomMessage trigger: invitations and resets', () => {
  const withMetadata = (
    source: Source,
    clientMetadata: Record<string, string>,
    attributes: Record<string, string> = staff,
  ) => {
    const base = event(source, attributes);
    return { ...base, request: { ...base.request, clientMetadata } } as CustomMessageTriggerEvent;
  };

  it.each([
    ['en', 'Your Test Report Center account', 'Temporary password', 'expires in 7 days'],
    ['zh', '您的測試報告中心帳號', '臨時密碼', '7 天後失效'],
  ])(
    'invites in %s with the email as the sign-in name, the temporary password and its validity',
    async (language, subject, passwordLabel, validity) => {
      const answer = await handler(
        withMetadata(
          'CustomMessage_AdminCreateUser',
          { language },
          {
            ...staff,
            email: 'chen<b>@example.com',
          },
        ),
      );
      const html = answer.response.emailMessage!;
      expect(answer.response.emailSubject).toBe(subject);
      expect(html).toContain('<strong>chen&lt;b&gt;@example.com</strong>');
      expect(html).toContain(`${passwordLabel}: <strong>{####}</strong>`);
      expect(html).toContain(validity);
      expect(html).toContain('href="https://app.example.com/login"');
      // Cognito's username placeholder stays, as a reference, not as the sign-in name.
      expect(html.match(/\{username\}/g)).toHaveLength(1);
      expect(html).not.toContain('<strong>{username}</strong>');
    },
  );

  it('words a reset an admin asked for as such, in the language asked', async () => {
    const answer = await handler(
      withMetadata('CustomMessage_ForgotPassword', { language: 'zh', reason: 'adminReset' }),
    );
    expect(answer.response.emailSubject).toBe('您的測試報告中心密碼已被重設');
    expect(answer.response.emailMessage).toContain('reset-password?email=person%40example.com');
  });

  it('keeps the ordinary reset wording when the account is not reset by an admin', async () => {
    // Anyone may pass client metadata to ForgotPassword; Cognito's status gives it away.
    const spoofed = await handler(
      withMetadata(
        'CustomMessage_ForgotPassword',
        { language: 'en', reason: 'adminReset' },
        { ...staff, 'cognito:user_status': 'CONFIRMED' },
      ),
    );
    expect(spoofed.response.emailSubject).toBe('Reset your Test Report Center password');
    const adminReset = await handler(
      withMetadata(
        'CustomMessage_ForgotPassword',
        { language: 'en', reason: 'adminReset' },
        { ...staff, 'cognito:user_status': 'RESET_REQUIRED' },
      ),
    );
    expect(adminReset.response.emailSubject).toBe('Your Test Report Center password was reset');
    const plain = await handler(withMetadata('CustomMessage_ForgotPassword', { language: 'en' }));
    expect(plain.response.emailSubject).toBe('Reset your Test Report Center password');
  });
});
