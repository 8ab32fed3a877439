import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCognito, type CognitoEmulator, type CognitoMail } from '../../bin/local/cognito';
import { passwordPolicyViolation } from '../../bin/local/cognito';
import { resetCodeIssuedAt } from '../../bin/local/cognito-sign-in';
import { findFreeBasePort } from '../../bin/local/preflight';
import { localCredentials, localRegion } from '../../bin/local/settings';
import { message } from '../../lambdas/shared/contract/messages';
import { keys } from '../../lambdas/shared/keys';
import { userPoolDefinition } from '../../lib/auth-definition';
import { mailsTo } from '../support/api';
import {
  ageTemporaryPassword,
  cognitoAdmin,
  cognitoClientCall,
  cognitoUnsigned,
  cognitoUserCall,
  createUser,
  forgeToken,
  setUpTotp,
  signIn,
  totpCode,
} from '../support/cognito';
import type { StackInfo } from '../support/stack-process';
import { tableReader } from '../support/table';

/**
 * The local identity service refuses what Cognito refuses, on the app client's public
 * operations anyone can call without credentials: sign-in challenges, temporary
 * passwords, refreshes and password resets (docs/access-control.md, "Local Cognito
 * behaves like AWS"). Each attack below took over an account before the local layer
 * checked it (bin/local/cognito-sign-in.ts). It also does what Cognito does where
 * cognito-local did not: TOTP for the seeded admin, invitations and their resend, resets
 * and MFA settings by an admin (bin/local/cognito-admin.ts), temporary passwords that
 * expire.
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
      UserCode: totpCode(secret),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    // Whoever holds the authenticator app but not the password.
    const answer = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'made-up',
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
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

/** The code of the newest reset mail to `email`, and how many reset mails it has. */
async function latestResetCode(email: string): Promise<{ code: string; mails: number }> {
  const mails = await mailsTo(stack, email);
  const code = /[?&]code=(\d{6})/.exec(mails.at(-1)?.body.html ?? '')?.[1];
  if (!code) throw new Error(`No reset code mailed to ${email}`);
  return { code, mails: mails.length };
}

/** A 6-digit code other than `code`. */
const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

describe('a reset code takes 4 wrong codes; the fifth drops it', () => {
  it('answers CodeMismatchException 4 times, then LimitExceededException even for the right code, until a new one is asked', async () => {
    const email = unique('reset.guess');
    await createUser(stack, email, 'Reset-Guess-2026!', 'staff');
    expect((await cognitoCall('ForgotPassword', { Username: email })).status).toBe(200);
    const first = await latestResetCode(email);
    const attempt = (ConfirmationCode: string) =>
      cognitoCall('ConfirmForgotPassword', {
        Username: email,
        ConfirmationCode,
        Password: 'Taken-Over-2026!',
      });
    for (let wrong = 1; wrong <= 4; wrong++) {
      expect(await attempt(otherThan(first.code)), `wrong code ${wrong}`).toEqual(codeMismatch);
    }
    const limitExceeded = {
      status: 400,
      body: {
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      },
    };
    expect(await attempt(otherThan(first.code))).toEqual(limitExceeded);
    expect(await attempt(first.code)).toEqual(limitExceeded);
    await expect(signIn(stack, email, 'Taken-Over-2026!')).rejects.toThrow();

    // A new code: its own attempts; a wrong one, then the right one, works.
    expect((await cognitoCall('ForgotPassword', { Username: email })).status).toBe(200);
    await expect.poll(async () => (await latestResetCode(email)).mails).toBe(first.mails + 1);
    const second = await latestResetCode(email);
    expect(await attempt(otherThan(second.code))).toEqual(codeMismatch);
    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: second.code,
      Password: 'Reset-Chosen-2026!',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await signIn(stack, email, 'Reset-Chosen-2026!')).IdToken).toBeTruthy();
  });

  it('refuses ForgotPassword and ConfirmForgotPassword for an account still invited (FORCE_CHANGE_PASSWORD)', async () => {
    const invited = unique('forgot.invited');
    await invite(invited, 'Temporary-Pass-2026!');
    const cannotReset = {
      status: 400,
      body: {
        __type: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      },
    };
    expect(await cognitoCall('ForgotPassword', { Username: invited })).toEqual(cannotReset);
    expect(
      await cognitoCall('ConfirmForgotPassword', {
        Username: invited,
        ConfirmationCode: '123456',
        Password: 'Taken-Over-2026!',
      }),
    ).toEqual(cannotReset);
    expect(await mailsTo(stack, invited)).toEqual([]);
    // The invitation still works: the temporary password, then a new one.
    expect(
      (
        await cognitoCall('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: invited, PASSWORD: 'Temporary-Pass-2026!' },
        })
      ).body.ChallengeName,
    ).toBe('NEW_PASSWORD_REQUIRED');
  });
});

describe('a TOTP challenge takes 3 wrong codes', () => {
  it('passes a wrong code then the right one; after 3 wrong codes the session is over', async () => {
    const email = unique('totp.guess');
    await createUser(stack, email, 'Totp-Guess-2026!', 'staff');
    const secret = await setUpTotp(
      stack,
      (await signIn(stack, email, 'Totp-Guess-2026!')).AccessToken,
    );
    const start = async () => {
      const started = await cognitoCall('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Totp-Guess-2026!' },
      });
      expect(started.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      return started.body.Session;
    };
    const answer = (Session: unknown, code: string) =>
      cognitoCall('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      });

    // A mistyped code, then the right one on the same session (as the sign-in page allows).
    const typo = await start();
    expect((await answer(typo, otherThan(totpCode(secret)))).body.__type).toBe(
      'CodeMismatchException',
    );
    const signedIn = await answer(typo, totpCode(secret));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.AuthenticationResult).toBeTruthy();

    const guessed = await start();
    for (let wrong = 1; wrong <= 3; wrong++) {
      const refused = await answer(guessed, otherThan(totpCode(secret)));
      expect(refused.body.__type, `wrong code ${wrong}`).toBe('CodeMismatchException');
    }
    expect(await answer(guessed, totpCode(secret))).toEqual({
      status: 400,
      body: {
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      },
    });
    // A new sign-in (the password again) gets a new session.
    expect((await answer(await start(), totpCode(secret))).status).toBe(200);
  });
});

/** The operations a signed-in user authorizes with an access token, with harmless inputs. */
const accessTokenOperations: [string, Record<string, unknown>][] = [
  ['GetUser', {}],
  [
    'ChangePassword',
    { PreviousPassword: 'Token-Holder-2026!', ProposedPassword: 'Taken-Over-2026!' },
  ],
  ['SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }],
  ['AssociateSoftwareToken', {}],
  ['VerifySoftwareToken', { UserCode: '123456' }],
  ['UpdateUserAttributes', { UserAttributes: [{ Name: 'name', Value: 'Taken Over' }] }],
  ['DeleteUserAttributes', { UserAttributeNames: ['name'] }],
  ['GetUserAttributeVerificationCode', { AttributeName: 'email' }],
  ['VerifyUserAttribute', { AttributeName: 'email', Code: '123456' }],
  ['DeleteUser', {}],
  ['GlobalSignOut', {}],
];

describe("access tokens on Cognito's own operations", () => {
  it('refuses the access tokens of a session an admin ended (AdminUserGlobalSignOut)', async () => {
    const email = unique('admin.signout');
    await createUser(stack, email, 'Token-Holder-2026!', 'staff');
    const { AccessToken } = await signIn(stack, email, 'Token-Holder-2026!');
    expect((await cognitoUserCall(stack, 'GetUser', { AccessToken })).status).toBe(200);
    await cognitoAdmin(stack, 'AdminUserGlobalSignOut', { Username: email });
    for (const [operation, input] of accessTokenOperations) {
      const answer = await cognitoUserCall(stack, operation, { AccessToken, ...input });
      expect(answer, operation).toEqual({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
      });
    }
    // Nothing changed, and a sign-in after the sign-out works.
    const again = await signIn(stack, email, 'Token-Holder-2026!');
    const user = await cognitoUserCall(stack, 'GetUser', { AccessToken: again.AccessToken });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(user.body.UserMFASettingList ?? []).toEqual([]);
  });

  it("refuses an access token signed with cognito-local's published key, on every operation", async () => {
    const email = unique('forged.access');
    await createUser(stack, email, 'Token-Holder-2026!', 'staff');
    const { AccessToken } = await signIn(stack, email, 'Token-Holder-2026!');
    const claims = JSON.parse(
      Buffer.from(AccessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown> & { exp: number };
    const forged = await forgeToken(claims, { expiresAt: claims.exp, key: 'published' });
    for (const [operation, input] of accessTokenOperations) {
      const answer = await cognitoUserCall(stack, operation, { AccessToken: forged, ...input });
      expect(answer, operation).toEqual({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' },
      });
    }
    // The same claims signed with the pool's own key are the user's.
    const signed = await forgeToken(claims, { expiresAt: claims.exp, stack });
    expect((await cognitoUserCall(stack, 'GetUser', { AccessToken: signed })).status).toBe(200);
    expect((await signIn(stack, email, 'Token-Holder-2026!')).IdToken).toBeTruthy();
  });

  it("signs every token with the pool's own key, the only key of the pool's JWKS", async () => {
    const { IdToken, AccessToken, RefreshToken } = await signIn(
      stack,
      stack.admin.email,
      stack.admin.password,
    );
    const { userPoolId } = stack.resources;
    const base = `${stack.endpoints.cognito}/${userPoolId}`;
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(key).not.toHaveProperty('d');
    expect(key?.kid).not.toBe('CognitoLocal');
    const openid = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      jwks_uri: string;
    };
    expect(openid).toMatchObject({ issuer: base, jwks_uri: `${base}/.well-known/jwks.json` });
    for (const token of [IdToken, AccessToken, RefreshToken]) {
      expect(decodeProtectedHeader(token).kid).toBe(key?.kid);
      await expect(jwtVerify(token, createLocalJWKSet(jwks))).resolves.toBeTruthy();
    }
  });
});

/** What a Cognito call refused with, as the SDK throws it. */
const refusal = (type: string, text?: string) =>
  expect.objectContaining({ name: type, ...(text === undefined ? {} : { message: text }) });

/** The temporary password an invitation mail to `email` carries (`<strong>` beside the email's). */
function temporaryPasswordIn(html: string | undefined, email: string): string {
  const strong = [...(html ?? '').matchAll(/<strong>([^<]+)<\/strong>/g)].map((match) => match[1]!);
  const password = strong.find((text) => text !== email);
  if (!password) throw new Error(`No temporary password in the mail: ${html}`);
  return password;
}

describe('the seeded admin signs in with a second factor (ADMIN_TOTP_SECRET)', () => {
  it('is asked for a TOTP code after the password, and passes with a code of the stack secret', async () => {
    const started = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: stack.admin.email, PASSWORD: stack.admin.password },
    });
    expect(started.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.body.AuthenticationResult).toBeUndefined();
    const code = totpCode(stack.admin.totpSecret);
    const wrong = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.body.Session,
      ChallengeResponses: {
        USERNAME: stack.admin.email,
        SOFTWARE_TOKEN_MFA_CODE: code === '000000' ? '000001' : '000000',
      },
    });
    expect(wrong.body.__type).toBe('CodeMismatchException');
    const answered = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.body.Session,
      ChallengeResponses: { USERNAME: stack.admin.email, SOFTWARE_TOKEN_MFA_CODE: code },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(claimsOf((answered.body.AuthenticationResult as { IdToken: string }).IdToken)).toEqual(
      expect.objectContaining({ 'custom:role': 'admin' }),
    );
    // The test helper does the same for the stack's admin without being given the secret.
    expect((await signIn(stack, stack.admin.email, stack.admin.password)).IdToken).toBeTruthy();
  });

  it('has TOTP in Cognito and its confirmation recorded in its security record', async () => {
    const account = await cognitoAdmin(stack, 'AdminGetUser', { Username: stack.admin.email });
    expect(account.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(account.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    const attributes = account.UserAttributes as { Name: string; Value: string }[];
    const sub = attributes.find((attribute) => attribute.Name === 'sub')!.Value;
    const table = tableReader(stack);
    try {
      const record = await table.get(keys.accountSecurity(sub));
      expect(record?.mfaEnabledAt).toEqual(expect.any(Number));
      expect(record!.mfaEnabledAt as number).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    } finally {
      table.destroy();
    }
  });
});

describe('TOTP set up by its owner', () => {
  it('refuses a wrong code at VerifySoftwareToken as Cognito does, and asks for the code once set up', async () => {
    const email = unique('totp.setup');
    await createUser(stack, email, 'Totp-Setup-2026!', 'staff');
    const { AccessToken } = await signIn(stack, email, 'Totp-Setup-2026!');
    const associated = await cognitoUserCall(stack, 'AssociateSoftwareToken', { AccessToken });
    const secret = String(associated.body.SecretCode);
    const code = totpCode(secret);
    const wrong = await cognitoUserCall(stack, 'VerifySoftwareToken', {
      AccessToken,
      UserCode: code === '000000' ? '000001' : '000000',
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        __type: 'EnableSoftwareTokenMFAException',
        message: 'Code mismatch and fail enable Software Token MFA',
      },
    });
    // Nothing enabled: the password alone still signs in.
    expect((await signIn(stack, email, 'Totp-Setup-2026!')).IdToken).toBeTruthy();

    const chosen = await setUpTotp(stack, AccessToken);
    await expect(signIn(stack, email, 'Totp-Setup-2026!')).rejects.toThrow(/asks for a TOTP code/);
    expect((await signIn(stack, email, 'Totp-Setup-2026!', chosen)).IdToken).toBeTruthy();
  });

  it('asks the code after a new password is chosen, for an account with TOTP on', async () => {
    const email = unique('totp.newpass');
    await createUser(stack, email, 'Totp-Before-2026!', 'staff');
    const secret = await setUpTotp(
      stack,
      (await signIn(stack, email, 'Totp-Before-2026!')).AccessToken,
    );
    await cognitoAdmin(stack, 'AdminSetUserPassword', {
      Username: email,
      Password: 'Temporary-Pass-2026!',
      Permanent: false,
    });
    const started = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Temporary-Pass-2026!' },
    });
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: started.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Totp-After-2026!' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(chosen.body.AuthenticationResult).toBeUndefined();
    const answered = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: chosen.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.AuthenticationResult).toEqual(
      expect.objectContaining({ IdToken: expect.any(String) }),
    );
    expect((await signIn(stack, email, 'Totp-After-2026!', secret)).IdToken).toBeTruthy();
  });

  it('is turned off by an admin (AdminSetUserMFAPreference, IAM-signed only)', async () => {
    const email = unique('totp.reset');
    await createUser(stack, email, 'Totp-Reset-2026!', 'admin');
    await setUpTotp(stack, (await signIn(stack, email, 'Totp-Reset-2026!')).AccessToken);
    const off = { SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } };
    const unsigned = await cognitoUnsigned(stack, 'AdminSetUserMFAPreference', {
      UserPoolId: stack.resources.userPoolId,
      Username: email,
      ...off,
    });
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    await expect(signIn(stack, email, 'Totp-Reset-2026!')).rejects.toThrow(/asks for a TOTP code/);

    await cognitoAdmin(stack, 'AdminSetUserMFAPreference', { Username: email, ...off });
    const account = await cognitoAdmin(stack, 'AdminGetUser', { Username: email });
    expect(account.UserMFASettingList ?? []).toEqual([]);
    expect(account.PreferredMfaSetting).toBeUndefined();
    expect((await signIn(stack, email, 'Totp-Reset-2026!')).IdToken).toBeTruthy();
    await expect(
      cognitoAdmin(stack, 'AdminSetUserMFAPreference', { Username: unique('nobody'), ...off }),
    ).rejects.toEqual(refusal('UserNotFoundException'));
  });
});

describe('the last sign-in (PostAuthentication trigger)', () => {
  it("is recorded on the account's security record once the sign-in completes, after the code", async () => {
    const email = unique('last.sign.in');
    await createUser(stack, email, 'Last-Sign-In-2026!', 'staff');
    const attributes = (await cognitoAdmin(stack, 'AdminGetUser', { Username: email }))
      .UserAttributes as { Name: string; Value: string }[];
    const sub = attributes.find((attribute) => attribute.Name === 'sub')!.Value;
    const table = tableReader(stack);
    const lastSignIn = async () =>
      (await table.get(keys.accountSecurity(sub)))?.lastSignInAt as string | undefined;
    try {
      expect(await lastSignIn()).toBeUndefined();
      const before = new Date().toISOString();
      const { AccessToken } = await signIn(stack, email, 'Last-Sign-In-2026!');
      const first = await lastSignIn();
      expect(first! >= before.slice(0, 19), first).toBe(true);

      // With TOTP on: the password alone records nothing; the code completes the sign-in.
      const secret = await setUpTotp(stack, AccessToken);
      await table.set(keys.accountSecurity(sub), { lastSignInAt: '2020-01-01T00:00:00.000Z' });
      const started = await cognitoCall('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Last-Sign-In-2026!' },
      });
      expect(started.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      expect(await lastSignIn()).toBe('2020-01-01T00:00:00.000Z');
      const answered = await cognitoCall('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect((await lastSignIn())! >= before.slice(0, 19)).toBe(true);
    } finally {
      table.destroy();
    }
  });
});

describe('invitations (AdminCreateUser)', () => {
  it('mails a generated temporary password the pool policy accepts when the admin gives none', async () => {
    const email = unique('invited.mail');
    await cognitoAdmin(stack, 'AdminCreateUser', {
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: 'staff' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    const [mail] = await mailsTo(stack, email);
    const password = temporaryPasswordIn(mail?.body.html, email);
    expect(password.length).toBeGreaterThanOrEqual(12);
    const { passwordPolicy } = userPoolDefinition;
    expect(
      passwordPolicyViolation(password, {
        MinimumLength: passwordPolicy.minLength,
        RequireLowercase: passwordPolicy.requireLowercase,
        RequireUppercase: passwordPolicy.requireUppercase,
        RequireNumbers: passwordPolicy.requireDigits,
        RequireSymbols: passwordPolicy.requireSymbols,
      }),
    ).toBeUndefined();
    const started = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('resends (MessageAction RESEND) a new temporary password, in the mail language asked; only to an account still invited', async () => {
    const email = unique('invited.resend');
    await invite(email, 'Temporary-Pass-2026!');
    await cognitoAdmin(stack, 'AdminCreateUser', {
      Username: email,
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
      ClientMetadata: { language: 'zh' },
    });
    const [mail] = await mailsTo(stack, email);
    expect(mail?.subject).toBe(message('mail.invitation.subject', {}, 'zh'));
    const password = temporaryPasswordIn(mail?.body.html, email);
    expect(password).not.toBe('Temporary-Pass-2026!');
    const old = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Temporary-Pass-2026!' },
    });
    expect(old).toEqual(wrongCredentials);
    const started = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const confirmed = unique('confirmed.resend');
    await createUser(stack, confirmed, 'Confirmed-Person-2026!', 'staff');
    await expect(
      cognitoAdmin(stack, 'AdminCreateUser', {
        Username: confirmed,
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    ).rejects.toEqual(
      refusal(
        'UnsupportedUserStateException',
        `Resend not possible. ${confirmed} status is not FORCE_CHANGE_PASSWORD.`,
      ),
    );
    expect(await mailsTo(stack, confirmed)).toEqual([]);
    await expect(
      cognitoAdmin(stack, 'AdminCreateUser', {
        Username: unique('nobody'),
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    ).rejects.toEqual(refusal('UserNotFoundException'));
  });
});

describe('a password reset by an admin (AdminResetUserPassword)', () => {
  it('makes the person choose a new password with the code mailed as a reset mail; IAM-signed only', async () => {
    const email = unique('admin.reset');
    await createUser(stack, email, 'Before-Reset-2026!', 'staff');
    const unsigned = await cognitoUnsigned(stack, 'AdminResetUserPassword', {
      UserPoolId: stack.resources.userPoolId,
      Username: email,
    });
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    expect((await signIn(stack, email, 'Before-Reset-2026!')).IdToken).toBeTruthy();

    await cognitoAdmin(stack, 'AdminResetUserPassword', {
      Username: email,
      ClientMetadata: { language: 'zh', reason: 'adminReset' },
    });
    const account = await cognitoAdmin(stack, 'AdminGetUser', { Username: email });
    expect(account.UserStatus).toBe('RESET_REQUIRED');
    const signInNow = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Before-Reset-2026!' },
    });
    expect(signInNow.body.__type).toBe('PasswordResetRequiredException');

    // The forgot-password mail's path, with the admin's client metadata (language, reason).
    const [mail] = await mailsTo(stack, email);
    expect(mail?.subject).toBe(message('mail.adminReset.subject', {}, 'zh'));
    const code = /[?&]code=(\d{6})/.exec(mail?.body.html ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: 'After-Reset-2026!',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await signIn(stack, email, 'After-Reset-2026!')).IdToken).toBeTruthy();
    await expect(signIn(stack, email, 'Before-Reset-2026!')).rejects.toThrow();
  });

  it('refuses an account that is still invited, and an unknown one', async () => {
    const invited = unique('reset.invited');
    await invite(invited, 'Temporary-Pass-2026!');
    await expect(
      cognitoAdmin(stack, 'AdminResetUserPassword', { Username: invited }),
    ).rejects.toEqual(
      refusal('NotAuthorizedException', 'User password cannot be reset in the current state.'),
    );
    await expect(
      cognitoAdmin(stack, 'AdminResetUserPassword', { Username: unique('nobody') }),
    ).rejects.toEqual(refusal('UserNotFoundException'));
  });
});

/**
 * A user pool of this file's own, in this process: a temporary password days old, or a
 * reset code an hour old, is a state no Cognito operation makes, so the test ages it in the
 * pool's own store. Its mails go through the same CustomMessage trigger, which reads the
 * shared stack's table.
 */
describe('temporary passwords and reset codes expire', () => {
  let own: { emulator: CognitoEmulator; stack: StackInfo; mails: CognitoMail[]; dataDir: string };
  const day = 24 * 60 * 60 * 1000;
  const validity = userPoolDefinition.tempPasswordValidityDays * day;

  beforeAll(async () => {
    Object.assign(process.env, {
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: stack.resources.tableName,
      DYNAMODB_ENDPOINT: stack.endpoints.dynamodb,
      USER_POOL_ID: stack.resources.userPoolId,
      USER_POOL_CLIENT_ID: stack.resources.userPoolClientId,
      REPORTS_BUCKET: stack.resources.reportsBucket,
      MAIL_FROM: 'reports@example.com',
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'own-user-pool-'));
    const port = await findFreeBasePort();
    const mails: CognitoMail[] = [];
    const emulator = await startCognito({
      port,
      dataDir,
      logFile: join(dataDir, 'cognito.log'),
      deliverMail: async (mail) => {
        mails.push(mail);
      },
    });
    // The triggers' own Cognito calls (PostConfirmation's sign-out) go to this pool.
    process.env.COGNITO_ENDPOINT = emulator.url;
    const client = new CognitoIdentityProviderClient({
      region: localRegion,
      credentials: localCredentials,
      endpoint: emulator.url,
    });
    const pool = await client.send(
      new CreateUserPoolCommand({ PoolName: 'own', UsernameAttributes: ['email'] }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
      }),
    );
    client.destroy();
    own = {
      emulator,
      mails,
      dataDir,
      stack: {
        ...stack,
        endpoints: { ...stack.endpoints, cognito: emulator.url },
        resources: {
          ...stack.resources,
          userPoolId,
          userPoolClientId: app.UserPoolClient!.ClientId!,
        },
      },
    };
  });
  afterAll(async () => {
    await own?.emulator.stop();
    if (own) rmSync(own.dataDir, { recursive: true, force: true });
  });

  const startSignIn = (email: string, password: string) =>
    cognitoClientCall(own.stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  const inviteOwn = (email: string) =>
    cognitoAdmin(own.stack, 'AdminCreateUser', {
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }],
      TemporaryPassword: 'Temporary-Pass-2026!',
      MessageAction: 'SUPPRESS',
    });
  const expired = {
    status: 400,
    body: {
      __type: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    },
  };

  it('works until the pool validity is over, then is refused; a resent invitation is valid again', async () => {
    const email = unique('expiring');
    await inviteOwn(email);
    const { userPoolId } = own.stack.resources;
    await ageTemporaryPassword(own.emulator, userPoolId, email, validity - 60_000);
    expect((await startSignIn(email, 'Temporary-Pass-2026!')).body.ChallengeName).toBe(
      'NEW_PASSWORD_REQUIRED',
    );
    await ageTemporaryPassword(own.emulator, userPoolId, email, validity + 60_000);
    expect(await startSignIn(email, 'Temporary-Pass-2026!')).toEqual(expired);
    // The password is still checked first: a wrong one says nothing of the account.
    expect(await startSignIn(email, 'Any-Guess-2026!')).toEqual(wrongCredentials);

    await cognitoAdmin(own.stack, 'AdminCreateUser', {
      Username: email,
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
    });
    const mail = own.mails.findLast((sent) => sent.to === email);
    const password = temporaryPasswordIn(mail?.html, email);
    expect((await startSignIn(email, password)).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('is valid again when an admin sets a temporary password (AdminSetUserPassword, not permanent)', async () => {
    const email = unique('expiring.set');
    await inviteOwn(email);
    const { userPoolId } = own.stack.resources;
    await ageTemporaryPassword(own.emulator, userPoolId, email, validity + day);
    expect(await startSignIn(email, 'Temporary-Pass-2026!')).toEqual(expired);
    await cognitoAdmin(own.stack, 'AdminSetUserPassword', {
      Username: email,
      Password: 'Another-Temporary-2026!',
      Permanent: false,
    });
    expect((await startSignIn(email, 'Another-Temporary-2026!')).body.ChallengeName).toBe(
      'NEW_PASSWORD_REQUIRED',
    );
  });

  it('takes a reset code for 1 hour, then answers ExpiredCodeException', async () => {
    const email = unique('expiring.code');
    await createUser(own.stack, email, 'Before-Reset-2026!', 'staff');
    const { userPoolId } = own.stack.resources;
    const ageCode = (ageMs: number) =>
      own.emulator.editUser(userPoolId, email, (user) => ({
        ...user,
        [resetCodeIssuedAt]: Date.now() - ageMs,
      }));
    expect((await cognitoClientCall(own.stack, 'ForgotPassword', { Username: email })).status).toBe(
      200,
    );
    const html = own.mails.findLast((sent) => sent.to === email)?.html ?? '';
    const code = /[?&]code=(\d{6})/.exec(html)?.[1] ?? /\b(\d{6})\b/.exec(html)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirm = (Password: string) =>
      cognitoClientCall(own.stack, 'ConfirmForgotPassword', {
        Username: email,
        ConfirmationCode: code,
        Password,
      });

    await ageCode(60 * 60 * 1000 + 60_000);
    expect(await confirm('Taken-Late-2026!')).toEqual({
      status: 400,
      body: {
        __type: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      },
    });
    await ageCode(60 * 60 * 1000 - 60_000);
    const confirmed = await confirm('After-Reset-2026!');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await signIn(own.stack, email, 'After-Reset-2026!')).IdToken).toBeTruthy();
  });
});
