import { describe, expect, it } from 'vitest';
import {
  ChallengeSessions,
  challengeSessionLifetimeMs,
  signInAsCognito,
} from '../../bin/local/cognito-sign-in';

/** cognito-local's error classes, as far as the wrapper uses them. */
class CognitoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const errors = {
  CognitoError,
  NotAuthorizedError: class extends CognitoError {
    constructor(message = 'User not authorized') {
      super('NotAuthorizedException', message);
    }
  },
  InvalidParameterError: class extends CognitoError {
    constructor(message = 'Invalid parameter') {
      super('InvalidParameterException', message);
    }
  },
};

const users: Record<string, { Username: string; UserStatus: string; Password: string }> = {
  'ada@example.com': { Username: 'ada-sub', UserStatus: 'CONFIRMED', Password: 'Ada-Pass-2026!' },
  'bob@example.com': { Username: 'bob-sub', UserStatus: 'CONFIRMED', Password: 'Bob-Pass-2026!' },
};
const stored: string[] = [];
const pool = {
  getUserByUsername: async (_ctx: unknown, name: string) =>
    users[name] ?? Object.values(users).find((user) => user.Username === name) ?? null,
  storeRefreshToken: async (_ctx: unknown, token: string) => {
    stored.push(token);
  },
};
const cognito = {
  getUserPoolForClientId: async () => pool,
  getUserPool: async () => pool,
};

/**
 * A stand-in for cognito-local's router: InitiateAuth asks a TOTP code; the code
 * '111111' is right, any other is a mismatch.
 */
function setUp(now: { ms: number }) {
  let issued = 0;
  const router =
    (target: string) =>
    async (
      _ctx: unknown,
      request: { Session: string; ChallengeResponses: Record<string, string> },
    ) => {
      if (target === 'InitiateAuth') {
        issued += 1;
        return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: `session-${issued}` };
      }
      if (target === 'RespondToAuthChallenge') {
        if (request.ChallengeResponses.SOFTWARE_TOKEN_MFA_CODE !== '111111') {
          throw new CognitoError('CodeMismatchException', 'Incorrect confirmation code');
        }
        return { AuthenticationResult: { RefreshToken: `refresh-${request.Session}` } };
      }
      throw new Error(`unexpected ${target}`);
    };
  const wrapped = signInAsCognito(router, {
    cognito,
    errors,
    resign: async (token) => token,
    sessions: new ChallengeSessions(() => now.ms),
  });
  const start = (username: string) =>
    wrapped('InitiateAuth')(
      {},
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'web',
        AuthParameters: { USERNAME: username, PASSWORD: users[username]!.Password },
      },
    ) as Promise<{ Session: string }>;
  const answer = (
    username: string,
    Session: string,
    code: string,
    challenge = 'SOFTWARE_TOKEN_MFA',
  ) =>
    wrapped('RespondToAuthChallenge')(
      {},
      {
        ClientId: 'web',
        ChallengeName: challenge,
        Session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
      },
    );
  return { start, answer };
}

const refused = (message: string) => ({ code: 'NotAuthorizedException', message });

describe('challenge sessions in the local Cognito', () => {
  it('keeps a session after a wrong code, uses it up on success and stores its refresh token', async () => {
    const now = { ms: 1_000_000 };
    const { start, answer } = setUp(now);
    const { Session } = await start('ada@example.com');
    await expect(answer('ada@example.com', Session, '000000')).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });
    await expect(answer('ada@example.com', Session, '111111')).resolves.toEqual({
      AuthenticationResult: { RefreshToken: `refresh-${Session}` },
    });
    expect(stored).toContain(`refresh-${Session}`);
    await expect(answer('ada@example.com', Session, '111111')).rejects.toMatchObject(
      refused('Invalid session for the user.'),
    );
  });

  it("refuses another user's session, another challenge's and a made-up one, without using it", async () => {
    const now = { ms: 1_000_000 };
    const { start, answer } = setUp(now);
    const { Session } = await start('ada@example.com');
    for (const attempt of [
      answer('bob@example.com', Session, '111111'),
      answer('ada@example.com', Session, '111111', 'NEW_PASSWORD_REQUIRED'),
      answer('ada@example.com', 'made-up', '111111'),
      answer('nobody@example.com', Session, '111111'),
    ]) {
      await expect(attempt).rejects.toMatchObject(refused('Invalid session for the user.'));
    }
    await expect(answer('ada@example.com', Session, '111111')).resolves.toBeTruthy();
  });

  it('refuses a session after 3 minutes, a wrong code having kept only the time it had left', async () => {
    const now = { ms: 1_000_000 };
    const { start, answer } = setUp(now);
    const { Session } = await start('ada@example.com');
    now.ms += challengeSessionLifetimeMs - 1;
    await expect(answer('ada@example.com', Session, '000000')).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });
    now.ms += 1;
    await expect(answer('ada@example.com', Session, '111111')).rejects.toMatchObject(
      refused('Invalid session for the user, session is expired.'),
    );
    const fresh = await start('ada@example.com');
    now.ms += challengeSessionLifetimeMs;
    await expect(answer('ada@example.com', fresh.Session, '111111')).rejects.toMatchObject(
      refused('Invalid session for the user, session is expired.'),
    );
  });
});
