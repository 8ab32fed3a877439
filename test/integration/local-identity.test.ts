import { createHmac } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { mailsTo } from '../support/api';
import {
  cognitoAdmin,
  cognitoClientCall,
  cognitoUserCall,
  createUser,
  signIn,
} from '../support/cognito';

/**
 * The local identity service refuses what Cognito refuses, on the app client's public
 * operations anyone can call without credentials: sign-in challenges, temporary
 * passwords, refreshes and password resets (docs/access-control.md, "Local Cognito
 * behaves like AWS"). Each attack below took over an account before the local layer
 * checked it (bin/local/cognito-sign-in.ts).
 */
const stack = inject('stack');

const cognitoCall = (target: string, body: object) => cognitoClientCall(stack, target, body);

/** A unique address per run: the stack's data and the code-mail quota outlive one test. */
const unique = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    auth_time: number;
    iat: number;
    'custom:role'?: string;
  };

const invalidSession = {
  status: 400,
  body: { __type: 'NotAuthorizedException', message: 'Invalid session for the user.' },
};
const wrongCredentials = {
  status: 400,
  body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
};
const codeMismatch = {
  status: 400,
  body: {
    __type: 'CodeMismatchException',
    message: 'Invalid verification code provided, please try again.',
  },
};

/** The current 6-digit TOTP code of a base32 secret (RFC 6238: SHA-1, 30 s), as an app shows it. */
function totp(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** An invited account (AdminCreateUser): it must choose a password at its first sign-in. */
async function invite(email: string, temporaryPassword: string) {
  await cognitoAdmin(stack, 'AdminCreateUser', {
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'custom:role', Value: 'staff' },
    ],
    TemporaryPassword: temporaryPassword,
    MessageAction: 'SUPPRESS',
  });
}

describe('sign-in challenges: a session of this sign-in, for this user, used once', () => {
  it('refuses a new password (NEW_PASSWORD_REQUIRED) for an account with a made-up session', async () => {
    const victim = unique('np.victim');
    await createUser(stack, victim, 'Victim-Password-2026!', 'admin');
    for (const Session of ['made-up', 'AYABeMadeUpSessionOfCognito']) {
      const answer = await cognitoCall('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session,
        ChallengeResponses: { USERNAME: victim, NEW_PASSWORD: 'Taken-Over-2026!' },
      });
      expect(answer).toEqual(invalidSession);
    }
    await expect(signIn(stack, victim, 'Taken-Over-2026!')).rejects.toThrow();
    expect((await signIn(stack, victim, 'Victim-Password-2026!')).IdToken).toBeTruthy();
  });

  it('gives no tokens for a TOTP code alone, without a session of a password sign-in', async () => {
    const email = unique('totp.holder');
    await createUser(stack, email, 'Totp-Holder-2026!', 'staff');
    const { AccessToken } = await signIn(stack, email, 'Totp-Holder-2026!');
    const associated = await cognitoUserCall(stack, 'AssociateSoftwareToken', { AccessToken });
    const secret = String(associated.body.SecretCode ?? '');
    expect(secret).not.toBe('');
    const verified = await cognitoUserCall(stack, 'VerifySoftwareToken', {
      AccessToken,
      UserCode: totp(secret),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    // Whoever holds the authenticator app but not the password.
    const answer = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'made-up',
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totp(secret) },
    });
    expect(answer).toEqual(invalidSession);
  });

  it("refuses a session for another user or another challenge, and a used one; the session's refresh token refreshes", async () => {
    const invited = unique('invited');
    const other = unique('np.other');
    await invite(invited, 'Temporary-Pass-2026!');
    await createUser(stack, other, 'Other-Person-2026!', 'admin');
    const started = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: invited, PASSWORD: 'Temporary-Pass-2026!' },
    });
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const Session = started.body.Session;

    // The invitee's session cannot set another account's password.
    const forOther = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session,
      ChallengeResponses: { USERNAME: other, NEW_PASSWORD: 'Taken-Over-2026!' },
    });
    expect(forOther).toEqual(invalidSession);
    await expect(signIn(stack, other, 'Taken-Over-2026!')).rejects.toThrow();
    const otherChallenge = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME: invited, SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    expect(otherChallenge).toEqual(invalidSession);

    // The invitee's own answer, in another case, still works on the same session.
    const answered = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session,
      ChallengeResponses: { USERNAME: invited.toUpperCase(), NEW_PASSWORD: 'Chosen-Pass-2026!' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const tokens = answered.body.AuthenticationResult as {
      IdToken: string;
      RefreshToken: string;
    };
    const again = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session,
      ChallengeResponses: { USERNAME: invited, NEW_PASSWORD: 'Second-Choice-2026!' },
    });
    expect(again).toEqual(invalidSession);
    expect((await signIn(stack, invited, 'Chosen-Pass-2026!')).IdToken).toBeTruthy();

    // The first sign-in's session refreshes (Amplify's call and InitiateAuth's), and the
    // refreshed tokens tell when the person signed in, not when they were refreshed.
    const signedInAt = claimsOf(tokens.IdToken).auth_time;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await cognitoCall('GetTokensFromRefreshToken', {
      RefreshToken: tokens.RefreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const result = refreshed.body.AuthenticationResult as { IdToken: string; AccessToken: string };
    const idClaims = claimsOf(result.IdToken);
    expect(idClaims['custom:role']).toBe('staff');
    expect(idClaims.iat).toBeGreaterThan(signedInAt);
    expect(idClaims.auth_time).toBe(signedInAt);
    expect(claimsOf(result.AccessToken).auth_time).toBe(signedInAt);
    const viaInitiate = await cognitoCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(viaInitiate.status, JSON.stringify(viaInitiate.body)).toBe(200);
    const initiated = viaInitiate.body.AuthenticationResult as { IdToken: string };
    expect(claimsOf(initiated.IdToken).auth_time).toBe(signedInAt);
  });
});

describe('a temporary password (FORCE_CHANGE_PASSWORD)', () => {
  it('is asked before the new-password step: knowing the email is not enough', async () => {
    const invited = unique('claimed');
    await invite(invited, 'Temporary-Pass-2026!');
    const guessed = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: invited, PASSWORD: 'Any-Guess-2026!' },
    });
    expect(guessed).toEqual(wrongCredentials);
    const right = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: invited, PASSWORD: 'Temporary-Pass-2026!' },
    });
    expect(right.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(typeof right.body.Session).toBe('string');
  });
});

describe('ConfirmForgotPassword needs the mailed code', () => {
  it('refuses a new password with no code pending, or with a missing or wrong code', async () => {
    const email = unique('reset.victim');
    await createUser(stack, email, 'Reset-Victim-2026!', 'admin');
    // No reset asked: no code at all, or any code, sets nothing.
    for (const code of [{}, { ConfirmationCode: '' }, { ConfirmationCode: '123456' }]) {
      const answer = await cognitoCall('ConfirmForgotPassword', {
        Username: email,
        Password: 'Taken-Over-2026!',
        ...code,
      });
      expect(answer, JSON.stringify(code)).toEqual(codeMismatch);
    }
    await expect(signIn(stack, email, 'Taken-Over-2026!')).rejects.toThrow();

    // A reset asked: still only the mailed code.
    expect((await cognitoCall('ForgotPassword', { Username: email })).status).toBe(200);
    const [mail] = await mailsTo(stack, email);
    const mailed = /[?&]code=(\d{6})/.exec(mail?.body.html ?? '')?.[1];
    expect(mailed).toMatch(/^\d{6}$/);
    const wrong = mailed === '000000' ? '000001' : '000000';
    for (const code of [{}, { ConfirmationCode: wrong }]) {
      const answer = await cognitoCall('ConfirmForgotPassword', {
        Username: email,
        Password: 'Taken-Over-2026!',
        ...code,
      });
      expect(answer, JSON.stringify(code)).toEqual(codeMismatch);
    }
    await expect(signIn(stack, email, 'Taken-Over-2026!')).rejects.toThrow();
    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: mailed,
      Password: 'Reset-Chosen-2026!',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await signIn(stack, email, 'Reset-Chosen-2026!')).IdToken).toBeTruthy();
    // The code is used up.
    const reused = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: mailed,
      Password: 'Taken-Over-2026!',
    });
    expect(reused).toEqual(codeMismatch);
  });
});
