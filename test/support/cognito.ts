import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import * as cognito from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
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
