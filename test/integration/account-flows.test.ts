import { describe, expect, inject, it } from 'vitest';
import { mailsTo } from '../support/api';
import { cognitoClientCall, createUser, signIn } from '../support/cognito';
import { startStackProcess } from '../support/stack-process';

const stack = inject('stack');

const cognitoCall = (target: string, body: object) => cognitoClientCall(stack, target, body);

describe('signing in', () => {
  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: stack.admin.email, PASSWORD: 'Not-The-Password-1!' },
    });
    const unknownEmail = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Not-The-Password-1!' },
    });
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });
});

describe('refreshing a session', () => {
  it('answers GetTokensFromRefreshToken, the call Amplify refreshes with', async () => {
    const { RefreshToken } = await signIn(stack, stack.admin.email, stack.admin.password);
    const refreshed = await cognitoCall('GetTokensFromRefreshToken', { RefreshToken });
    expect(refreshed.status).toBe(200);
    const result = refreshed.body.AuthenticationResult as { IdToken?: string };
    const claims = JSON.parse(Buffer.from(result.IdToken!.split('.')[1]!, 'base64url').toString());
    expect(claims['custom:role']).toBe('admin');
  });
});

describe('resetting a forgotten password', () => {
  it('mails a link to /reset-password in the chosen language, and the code sets a new password', async () => {
    const email = 'forgetful@example.com';
    await createUser(stack, email, 'Old-Password-2026!', 'staff');
    const asked = await cognitoCall('ForgotPassword', {
      Username: email,
      ClientMetadata: { language: 'zh' },
    });
    expect(asked.status).toBe(200);

    const [mail] = await mailsTo(stack, email);
    expect(mail!.subject).toBe('重設您的測試報告中心密碼');
    const link = /href="([^"]+)"/.exec(mail!.body.html ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.appUrl}/reset-password`);
    expect(url.searchParams.get('email')).toBe(email);
    const code = url.searchParams.get('code') ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: 'New-Password-2026!',
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(stack, email, 'New-Password-2026!')).IdToken).toBeTruthy();
    await expect(signIn(stack, email, 'Old-Password-2026!')).rejects.toThrow();
  });

  it('answers an unknown email exactly like a known one', async () => {
    const unknown = await cognitoCall('ForgotPassword', { Username: 'ghost@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    expect(await mailsTo(stack, 'ghost@example.com')).toEqual([]);
  });
});

describe('self-registration switched off', () => {
  it('tells the web app and refuses SignUp as Cognito does', async () => {
    const closed = await startStackProcess({ env: { SELF_REGISTRATION: '0' } });
    try {
      const config = (await (await fetch(`${closed.info.appUrl}/config.json`)).json()) as {
        selfRegistration: boolean;
      };
      expect(config.selfRegistration).toBe(false);
      const signUp = await cognitoClientCall(closed.info, 'SignUp', {
        Username: 'walk-in@example.com',
        Password: 'Walk-In-Person-2026!',
        UserAttributes: [{ Name: 'email', Value: 'walk-in@example.com' }],
      });
      expect(signUp.status).toBe(400);
      expect(signUp.body.__type).toBe('NotAuthorizedException');
    } finally {
      expect(await closed.stop()).toBe(0);
    }
  });
});
