import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import * as cognito from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import type { CognitoEmulator } from '../../bin/local/cognito';
import { tokenSigningKeyFile } from '../../bin/local/cognito-keys';
import { temporaryPasswordSetAt } from '../../bin/local/cognito-sign-in';
import { localCredentials, localRegion } from '../../bin/local/settings';
import type { StackInfo } from './stack-process';

/** One Cognito API call on the stack's cognito-local, answer as status and JSON body. */
async function cognitoRequest(stack: StackInfo, target: string, input: object) {
  const response = await fetch(stack.endpoints.cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A client-side Cognito call (sign-up, password reset, ...) as the web app's client makes it. */
export function cognitoClientCall(stack: StackInfo, target: string, input: object) {
  return cognitoRequest(stack, target, { ClientId: stack.resources.userPoolClientId, ...input });
}

/** A call a signed-in user authorizes with their access token (ChangePassword, GlobalSignOut, ...). */
export function cognitoUserCall(
  stack: StackInfo,
  target: string,
  input: { AccessToken: string } & Record<string, unknown>,
) {
  return cognitoRequest(stack, target, input);
}

/** The tokens of a completed sign-in. */
export interface SignedIn {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

/**
 * The current 6-digit code of a base32 TOTP secret (SHA-1, 30 s), as an authenticator app
 * shows it. The local user pool also takes the previous and the next 30 s step's code
 * (cognito-local's window), so a code made just before a step boundary still passes.
 */
export function totpCode(secret: string): string {
  return generateSync({ secret, algorithm: 'sha1', digits: 6, period: 30 });
}

/**
 * Signs in with USER_PASSWORD_AUTH against cognito-local, as the web app does. When the
 * account has TOTP on, the pool asks for a code (SOFTWARE_TOKEN_MFA): it is computed from
 * `totpSecret`, or, for the stack's seeded admin, from the stack's ADMIN_TOTP_SECRET.
 */
export async function signIn(
  stack: StackInfo,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<SignedIn> {
  const { body } = await cognitoClientCall(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const secret =
      totpSecret ??
      (email.toLowerCase() === stack.admin.email.toLowerCase()
        ? stack.admin.totpSecret
        : undefined);
    if (!secret) throw new Error(`Sign-in of ${email} asks for a TOTP code; no secret given`);
    return answerTotp(stack, email, body.Session, secret);
  }
  const result = body.AuthenticationResult as SignedIn | undefined;
  if (!result) throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return result;
}

/** Answers a SOFTWARE_TOKEN_MFA challenge with the current code of `secret`. */
async function answerTotp(
  stack: StackInfo,
  email: string,
  session: unknown,
  secret: string,
): Promise<SignedIn> {
  const { body } = await cognitoClientCall(stack, 'RespondToAuthChallenge', {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: session,
    ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
  });
  const result = body.AuthenticationResult as SignedIn | undefined;
  if (!result) throw new Error(`Sign-in failed at the TOTP code: ${JSON.stringify(body)}`);
  return result;
}

/**
 * Sets up an authenticator app for the signed-in account of `accessToken`, as the account
 * page does with Amplify (AssociateSoftwareToken, VerifySoftwareToken with a code,
 * SetUserMFAPreference with TOTP preferred): from the next sign-in Cognito asks for a
 * code. Answers the secret, to compute codes from. The API's own confirmation
 * (`POST /api/account/mfa`) is the caller's next step where the test needs it.
 */
export async function setUpTotp(stack: StackInfo, accessToken: string): Promise<string> {
  const call = async (target: string, input: Record<string, unknown>) => {
    const answer = await cognitoUserCall(stack, target, { AccessToken: accessToken, ...input });
    if (answer.status !== 200) {
      throw new Error(`${target} failed: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const { SecretCode } = await call('AssociateSoftwareToken', {});
  if (typeof SecretCode !== 'string') throw new Error('AssociateSoftwareToken gave no secret');
  await call('VerifySoftwareToken', {
    UserCode: totpCode(SecretCode),
    FriendlyDeviceName: 'test authenticator',
  });
  await call('SetUserMFAPreference', {
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return SecretCode;
}

const adminClients = new Map<string, CognitoIdentityProviderClient>();

/**
 * Calls a Cognito admin API on the local user pool, signed with the local stack's
 * credentials as IAM requires (the local stack refuses unsigned admin calls, as AWS does).
 */
export async function cognitoAdmin(
  stack: StackInfo,
  target: string,
  input: object,
): Promise<Record<string, unknown>> {
  let client = adminClients.get(stack.endpoints.cognito);
  if (!client) {
    client = new CognitoIdentityProviderClient({
      region: localRegion,
      credentials: localCredentials,
      endpoint: stack.endpoints.cognito,
    });
    adminClients.set(stack.endpoints.cognito, client);
  }
  const Command = (cognito as unknown as Record<string, new (input: object) => unknown>)[
    `${target}Command`
  ];
  if (!Command) throw new Error(`No Cognito operation ${target}`);
  const output = (await client.send(
    new Command({ UserPoolId: stack.resources.userPoolId, ...input }) as never,
  )) as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(output).filter(([name]) => name !== '$metadata'));
}

/** An unsigned call of any operation, as a client without AWS credentials would make it. */
export function cognitoUnsigned(stack: StackInfo, target: string, input: object) {
  return cognitoRequest(stack, target, input);
}

/** Creates a confirmed user with the given attributes (role optional). */
export async function createUser(
  stack: StackInfo,
  email: string,
  password: string,
  role?: 'admin' | 'staff',
) {
  const attributes = [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
  ];
  if (role) attributes.push({ Name: 'custom:role', Value: role });
  await cognitoAdmin(stack, 'AdminCreateUser', {
    Username: email,
    UserAttributes: attributes,
    MessageAction: 'SUPPRESS',
  });
  await cognitoAdmin(stack, 'AdminSetUserPassword', {
    Username: email,
    Password: password,
    Permanent: true,
  });
}

/**
 * Makes a user's temporary password `ageMs` old, in an in-process local user pool's own
 * store (Cognito has no operation that backdates one): the state of an invitation left
 * unused for days.
 */
export async function ageTemporaryPassword(
  emulator: CognitoEmulator,
  userPoolId: string,
  email: string,
  ageMs: number,
): Promise<void> {
  await emulator.editUser(userPoolId, email, (user) => ({
    ...user,
    [temporaryPasswordSetAt]: Date.now() - ageMs,
  }));
}

const require = createRequire(import.meta.url);

/**
 * Forges a token, to build the cases a real pool would also produce (expired, another
 * audience) and those it must refuse:
 * - `key: 'pool'` (the default when `stack` is given): the stack's own user pool key
 *   (bin/local/cognito-keys.ts, in its data folder), as the pool signs;
 * - `key: 'published'` (the default without a stack): cognito-local's key, which ships in
 *   its package, so anyone can sign with it; no local stack accepts it;
 * - `key: 'foreign'`: a key made now, that nobody knows.
 */
export async function forgeToken(
  claims: JWTPayload,
  options: { expiresAt: number; key?: 'pool' | 'published' | 'foreign'; stack?: StackInfo },
): Promise<string> {
  const key = options.key ?? (options.stack ? 'pool' : 'published');
  let jwk: JWK;
  if (key === 'pool') {
    if (!options.stack) throw new Error("forgeToken: key 'pool' needs the stack");
    const file = tokenSigningKeyFile(join(options.stack.dataDir, 'cognito'));
    jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const path = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    ({ jwk } = JSON.parse(readFileSync(path, 'utf8')) as { jwk: JWK });
  }
  const signingKey =
    key === 'foreign' ? (await generateKeyPair('RS256')).privateKey : await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuedAt(options.expiresAt - 3600)
    .setExpirationTime(options.expiresAt)
    .sign(signingKey);
}
