import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../i18n/resources';

const amplify = vi.hoisted(() => ({
  resetPassword: vi.fn(),
  signUp: vi.fn(),
  confirmResetPassword: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const { i18n } = await import('../../i18n');
const { register, requestPasswordReset } = await import('./account-api');

const named = (name: string) => Object.assign(new Error('x'), { name });

beforeAll(async () => {
  await i18n.init({
    resources,
    lng: 'zh',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
  });
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { origin: 'https://app.example.com' } });
  for (const mock of Object.values(amplify)) mock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a request under fake timers; resolves with its answer and the time it took. */
async function timed<T>(start: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const began = Date.now();
  const promise = start();
  await vi.runAllTimersAsync();
  const answer = await promise;
  return { answer, ms: Date.now() - began };
}

describe('requestPasswordReset', () => {
  it('sends the language and the app address for the emailed link', async () => {
    amplify.resetPassword.mockResolvedValue({});
    await timed(() => requestPasswordReset('ann@example.com'));
    expect(amplify.resetPassword).toHaveBeenCalledWith({
      username: 'ann@example.com',
      options: { clientMetadata: { language: 'zh', appUrl: 'https://app.example.com' } },
    });
  });

  it('answers the same, after at least 1.5 s, for known and unknown emails', async () => {
    amplify.resetPassword.mockResolvedValueOnce({});
    const known = await timed(() => requestPasswordReset('ann@example.com'));
    amplify.resetPassword.mockRejectedValueOnce(named('UserNotFoundException'));
    const unknown = await timed(() => requestPasswordReset('nobody@example.com'));
    expect(known).toEqual({ answer: 'sent', ms: 1500 });
    expect(unknown).toEqual({ answer: 'sent', ms: 1500 });
  });

  it('does not add the wait on top of a slow answer', async () => {
    amplify.resetPassword.mockImplementation(
      () => new Promise((resolve) => setTimeout(resolve, 2000)),
    );
    expect(await timed(() => requestPasswordReset('ann@example.com'))).toEqual({
      answer: 'sent',
      ms: 2000,
    });
  });

  it('reports a connection failure', async () => {
    amplify.resetPassword.mockRejectedValue(named('NetworkError'));
    expect((await timed(() => requestPasswordReset('ann@example.com'))).answer).toBe(
      'connectionFailed',
    );
  });
});

describe('register', () => {
  it('signs up with the email as username, the name attribute and the metadata', async () => {
    amplify.signUp.mockResolvedValue({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
    });
    await expect(
      register({ name: '王小明', email: 'ming@example.com', password: 'Secret-Pass-123' }),
    ).resolves.toEqual({ codeSent: true });
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'ming@example.com',
      password: 'Secret-Pass-123',
      options: {
        userAttributes: { email: 'ming@example.com', name: '王小明' },
        clientMetadata: { language: 'zh', appUrl: 'https://app.example.com' },
      },
    });
  });

  it('tells when no code is needed', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    await expect(
      register({ name: 'Ann', email: 'ann@example.com', password: 'Secret-Pass-123' }),
    ).resolves.toEqual({ codeSent: false });
  });
});
