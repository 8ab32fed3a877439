import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
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

/** Signs in with USER_PASSWORD_AUTH against cognito-local, as the web app does. */
export async function signIn(stack: StackInfo, email: string, password: string) {
  const { body } = await cognitoClientCall(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const result = body.AuthenticationResult as
    { IdToken: string; AccessToken: string; RefreshToken: string } | undefined;
  if (!result) throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return result;
}

/** Calls a Cognito admin API on cognito-local. */
export async function cognitoAdmin(stack: StackInfo, target: string, input: object) {
  const { status, body } = await cognitoRequest(stack, target, {
    UserPoolId: stack.resources.userPoolId,
    ...input,
  });
  if (status !== 200) throw new Error(`${target} failed: ${JSON.stringify(body)}`);
  return body;
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

const require = createRequire(import.meta.url);

/**
 * Forges a token with cognito-local's own signing key (it ships in the package),
 * to build the expired and wrong-audience cases a real pool would also produce.
 */
export async function forgeToken(
  claims: JWTPayload,
  options: { expiresAt: number; key?: 'pool' | 'foreign' },
): Promise<string> {
  const path = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(path, 'utf8')) as { jwk: Record<string, string> };
  let key = await importJWK(jwk, 'RS256');
  if (options.key === 'foreign') {
    key = (await generateKeyPair('RS256')).privateKey;
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuedAt(options.expiresAt - 3600)
    .setExpirationTime(options.expiresAt)
    .sign(key);
}
