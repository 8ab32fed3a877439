import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  updatePassword: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const {
  changeOwnPassword,
  cognitoEndpoint,
  confirmTotp,
  confirmTotpSetUp,
  revokeOwnSessions,
  totpStatusOf,
  turnOffTotp,
} = await import('./own-account');

const fetchMock = vi.fn<typeof fetch>();
const config = { region: 'eu-west-1', userPoolEndpoint: undefined };

beforeEach(() => {
  for (const mock of Object.values(amplify)) mock.mockReset();
  amplify.fetchAuthSession.mockResolvedValue({
    tokens: { idToken: { toString: () => 'id-token' } },
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('own account calls', () => {
  it('changes the password through Amplify', async () => {
    await changeOwnPassword('Old-Password-1!', 'New-Password-2!');
    expect(amplify.updatePassword).toHaveBeenCalledWith({
      oldPassword: 'Old-Password-1!',
      newPassword: 'New-Password-2!',
    });
  });

  it("addresses the region's Cognito, or cognito-local when configured", () => {
    expect(cognitoEndpoint(config)).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(cognitoEndpoint({ ...config, userPoolEndpoint: 'http://localhost:3002' })).toBe(
      'http://localhost:3002',
    );
  });
});

describe('the authenticator app', () => {
  const api = (status: number, body?: unknown) =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status });

  it('confirms a set-up with Cognito, then records it with the API', async () => {
    fetchMock.mockResolvedValue(api(204));
    await confirmTotpSetUp('123456');
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({
      code: '123456',
      options: { friendlyDeviceName: 'Authenticator app' },
    });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/account/mfa', 'POST']);
  });

  it('confirms an app Cognito already has on with the API alone', async () => {
    fetchMock.mockResolvedValue(api(204));
    await confirmTotp();
    expect(amplify.verifyTOTPSetup).not.toHaveBeenCalled();
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/account/mfa', 'POST']);
  });

  it('passes on the API’s refusal of a confirmation (the app is not on in Cognito)', async () => {
    fetchMock.mockResolvedValue(
      api(409, {
        error: { code: 'aborted', messageKey: 'errors.mfaNotSetUp', message: 'Not set up.' },
      }),
    );
    expect(await failure(confirmTotp())).toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'aborted',
    });
  });

  it('tells an app confirmed to the API from one on in Cognito only', () => {
    expect(totpStatusOf({ mfaEnabled: false, mfaEnabledAt: null })).toBe('off');
    expect(totpStatusOf({ mfaEnabled: true, mfaEnabledAt: null })).toBe('unconfirmed');
    expect(totpStatusOf({ mfaEnabled: true, mfaEnabledAt: '2026-11-27T02:00:00.000Z' })).toBe('on');
    // Cognito says off: the API's record no longer counts.
    expect(totpStatusOf({ mfaEnabled: false, mfaEnabledAt: '2026-11-27T02:00:00.000Z' })).toBe(
      'off',
    );
  });

  it('records nothing when Cognito refuses the code', async () => {
    amplify.verifyTOTPSetup.mockRejectedValue(
      Object.assign(new Error('x'), { name: 'CodeMismatchException' }),
    );
    expect((await failure(confirmTotpSetUp('000000'))).name).toBe('CodeMismatchException');
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns it off with the token of a fresh sign-in with password and code', async () => {
    fetchMock
      .mockResolvedValueOnce(
        Response.json({
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: 'session-1',
          ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' },
        }),
      )
      .mockResolvedValueOnce(Response.json({ AuthenticationResult: { IdToken: 'fresh-id' } }))
      .mockResolvedValueOnce(api(204));
    await turnOffTotp(
      { ...config, userPoolClientId: 'client-1' },
      { email: 'a@example.com', password: 'Password-1!', code: '123456' },
    );
    const bodies = fetchMock.mock.calls
      .slice(0, 2)
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies[0]).toEqual({
      ClientId: 'client-1',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'a@example.com', PASSWORD: 'Password-1!' },
    });
    expect(bodies[1]).toEqual({
      ClientId: 'client-1',
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'session-1',
      ChallengeResponses: { USERNAME: 'sub-1', SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    const [url, init] = fetchMock.mock.calls[2]!;
    expect([url, init?.method]).toEqual(['/api/account/mfa', 'DELETE']);
    expect(init?.headers).toMatchObject({ authorization: 'Bearer fresh-id' });
    // The session's own token was not the one sent.
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('says which step refused the fresh sign-in, and calls no API then', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
        { status: 400 },
      ),
    );
    const error = await failure(
      turnOffTotp(
        { ...config, userPoolClientId: 'client-1' },
        { email: 'a@example.com', password: 'wrong', code: '123456' },
      ),
    );
    expect(error).toMatchObject({ name: 'NotAuthorizedException', step: 'password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('revokeOwnSessions', () => {
  it('asks the API to end every session, saying why', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await revokeOwnSessions('passwordChanged');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/account/sessions/revoke', 'POST']);
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'passwordChanged' });
    expect(init?.headers).toMatchObject({ authorization: 'Bearer id-token' });
  });
});
