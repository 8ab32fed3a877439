import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const { answerNewPassword, answerTotpCode, signInWithPassword } = await import('./sign-in-flow');

const named = (name: string, message = name) => Object.assign(new Error(message), { name });
const step = (signInStep: string) => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep },
});
const adminToken = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  'custom:role': 'admin',
};
const credentials = { email: ' admin@example.com ', password: 'Password-123!' };

beforeEach(() => {
  for (const mock of Object.values(amplify)) mock.mockReset();
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: adminToken } } });
});

describe('signInWithPassword', () => {
  it('signs in with USER_PASSWORD_AUTH and reads who signed in', async () => {
    amplify.signIn.mockResolvedValue(step('DONE'));
    expect(await signInWithPassword(credentials)).toEqual({
      type: 'signedIn',
      user: { id: 'sub-admin', email: 'admin@example.com', role: 'admin' },
    });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'admin@example.com',
      password: 'Password-123!',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('asks for the authenticator code when Cognito does', async () => {
    amplify.signIn.mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    expect(await signInWithPassword(credentials)).toEqual({ type: 'totpRequired' });
    // No tokens yet: nobody is read as signed in.
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('does not offer a set-up step the pool never asks for (its MFA is optional)', async () => {
    amplify.signIn.mockResolvedValue(step('CONTINUE_SIGN_IN_WITH_TOTP_SETUP'));
    expect(await signInWithPassword(credentials)).toEqual({
      type: 'failed',
      messageKey: 'auth.login.additionalStepRequired',
    });
  });

  it('answers a wrong password with the shared message', async () => {
    amplify.signIn.mockRejectedValue(named('NotAuthorizedException'));
    expect(await signInWithPassword(credentials)).toEqual({
      type: 'failed',
      messageKey: 'auth.login.wrongCredentials',
    });
  });
});

describe('answerTotpCode', () => {
  it('sends the code without spaces and signs in', async () => {
    amplify.confirmSignIn.mockResolvedValue(step('DONE'));
    expect(await answerTotpCode(' 123456 ')).toMatchObject({ type: 'signedIn' });
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it('keeps the step open after a wrong code, with the field message', async () => {
    amplify.confirmSignIn.mockRejectedValueOnce(
      named('CodeMismatchException', 'Invalid code received for user'),
    );
    expect(await answerTotpCode('000000')).toEqual({
      type: 'codeRejected',
      messageKey: 'auth.totp.wrongCode',
    });
    amplify.confirmSignIn.mockResolvedValueOnce(step('DONE'));
    expect(await answerTotpCode('123456')).toMatchObject({ type: 'signedIn' });
  });

  it('starts again when the step has expired', async () => {
    amplify.confirmSignIn.mockRejectedValue(
      named('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    expect(await answerTotpCode('123456')).toEqual({ type: 'expired' });
  });

  it('reports a connection failure as such', async () => {
    amplify.confirmSignIn.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await answerTotpCode('123456')).toEqual({
      type: 'failed',
      messageKey: 'errors.connectionFailed',
    });
  });
});

describe('answerNewPassword', () => {
  it('goes on to the code step when the account has an app', async () => {
    amplify.confirmSignIn.mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    expect(await answerNewPassword('New-Password-123!')).toEqual({ type: 'totpRequired' });
  });
});
