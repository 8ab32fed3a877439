import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const { changeOwnPassword, cognitoEndpoint, signOutEverywhere } = await import('./own-account');

const fetchMock = vi.fn<typeof fetch>();
const config = { region: 'eu-west-1', userPoolEndpoint: undefined };

beforeEach(() => {
  for (const mock of Object.values(amplify)) mock.mockReset();
  amplify.fetchAuthSession.mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-token' } },
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

describe('signOutEverywhere', () => {
  it('sends GlobalSignOut with the access token', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await signOutEverywhere(config);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(init?.headers).toMatchObject({
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ AccessToken: 'access-token' });
  });

  it("fails with Cognito's exception, named as Amplify names it", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          __type: 'com.amazonaws.cognito#NotAuthorizedException',
          message: 'Access Token has been revoked',
        },
        { status: 400 },
      ),
    );
    const error = await failure(signOutEverywhere(config));
    expect(error).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('fails as a network error when Cognito cannot be reached, and without tokens', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await failure(signOutEverywhere(config))).name).toBe('NetworkError');
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    expect((await failure(signOutEverywhere(config))).name).toBe('NotAuthorizedException');
  });
});
