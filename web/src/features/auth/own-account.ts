import { setUpTOTP, updateMFAPreference, updatePassword, verifyTOTPSetup } from 'aws-amplify/auth';
import { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import type {
  OwnAccount,
  RevokeSessionsInput,
} from '../../../../lambdas/shared/contract/schemas/staff';
import { api, answerParser, apiRequest } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';
import type { AppConfig } from '../../lib/config';

/**
 * The signed-in person's own account: password and authenticator app go to Cognito with
 * the user's access token (as AWS's user operations take it), with Amplify's (or
 * Cognito's) errors, named after Cognito's exceptions; the name goes through the API
 * (`PATCH /api/account`), which records the change in the audit log; so do the ends of
 * sessions and the app's confirmation, which the API records for its checks of every
 * token (docs/access-control.md); the account facts Cognito keeps only for administrators
 * (when it was created) come from `GET /api/account`.
 */

/** The path of the caller's own account (name, email, role, created) as Cognito holds it now. */
export const ownAccountPath = routeUrl(staffApi, 'GET /api/account', {});

/** Reads `GET /api/account`'s answer, checking its shape. */
export const parseOwnAccount = answerParser(staffApi, 'GET /api/account');

/**
 * Changes the own name (`PATCH /api/account`, with its audit entry); answers the account
 * as it is now. Failures are the API's (`ApiError`).
 */
export function changeOwnName(name: string): Promise<OwnAccount> {
  return api(staffApi, 'PATCH /api/account', { body: { name } });
}

/**
 * Changes the own password (`ChangePassword`). Cognito refuses a wrong current password
 * as it refuses a wrong sign-in, and counts it toward the same lockout.
 */
export async function changeOwnPassword(currentPassword: string, newPassword: string) {
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

/** An error named as Amplify names Cognito's, so the same error helpers read it. */
function cognitoError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}

type CognitoConfig = Pick<AppConfig, 'region' | 'userPoolEndpoint'>;

/** Cognito's endpoint for the pool: cognito-local's address locally, the region's in AWS. */
export function cognitoEndpoint(config: CognitoConfig): string {
  return config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
}

/**
 * One call of Cognito's public API, outside Amplify (whose calls keep what they answer in
 * the session): answers the JSON body, or throws Cognito's exception named as Amplify
 * names it (`NetworkError` when Cognito could not be reached).
 */
async function cognitoCall(
  config: CognitoConfig,
  target: string,
  input: object,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(cognitoEndpoint(config), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(input),
    });
  } catch {
    throw cognitoError('NetworkError');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return body;
  // AWS may qualify the type: `com.amazonaws...#NotAuthorizedException`.
  const type = typeof body.__type === 'string' ? body.__type.split('#').pop() : undefined;
  throw cognitoError(
    type || 'InternalErrorException',
    typeof body.message === 'string' ? body.message : undefined,
  );
}

/**
 * Ends every session of the own account (`POST /api/account/sessions/revoke`): the API
 * refuses every token issued before now, at once, and Cognito stops renewing them. Why
 * (`reason`) goes into the audit log. This browser signs out next (the caller).
 */
export function revokeOwnSessions(reason: RevokeSessionsInput['reason']): Promise<void> {
  return api(staffApi, 'POST /api/account/sessions/revoke', { body: { reason } });
}

/**
 * Starts setting an authenticator app up (`AssociateSoftwareToken`): answers the new
 * secret (base32), which the app takes from the QR code or typed in. Nothing changes for
 * the account until a code from it is confirmed.
 */
export async function startTotpSetUp(): Promise<string> {
  const { sharedSecret } = await setUpTOTP();
  return sharedSecret;
}

/** The name Cognito keeps for the app (AWS shows it in the console). */
const friendlyDeviceName = 'Authenticator app';

/**
 * Finishes the set-up with a code from the app: Cognito checks it and makes the app the
 * account's second factor, then the API records it (`POST /api/account/mfa`), which ends
 * every session: the next sign-in asks for a code.
 */
export async function confirmTotpSetUp(code: string): Promise<void> {
  await verifyTOTPSetup({ code, options: { friendlyDeviceName } });
  await updateMFAPreference({ totp: 'PREFERRED' });
  await confirmTotp();
}

/**
 * Has the API record the authenticator app Cognito already has on (`POST /api/account/mfa`,
 * which checks only that): the end of a set-up, or of one whose confirmation never reached
 * the API. Every session ends: the next sign-in asks for a code.
 */
export async function confirmTotp(): Promise<void> {
  await api(staffApi, 'POST /api/account/mfa', {});
}

/**
 * The account's authenticator app as its page shows it: `off`; `on` (confirmed, since
 * `mfaEnabledAt`); or `unconfirmed`: on in Cognito, but its confirmation never reached
 * the API (which then counts no session as signed in with it) — to be confirmed.
 */
export type TotpStatus = 'off' | 'unconfirmed' | 'on';

export function totpStatusOf(account: Pick<OwnAccount, 'mfaEnabled' | 'mfaEnabledAt'>): TotpStatus {
  if (!account.mfaEnabled) return 'off';
  return account.mfaEnabledAt === null ? 'unconfirmed' : 'on';
}

/** Which step of a fresh sign-in refused it: the password, or the app's code. */
export type FreshSignInStep = 'password' | 'code';

function atStep(step: FreshSignInStep, error: unknown): unknown {
  return error instanceof Error ? Object.assign(error, { step }) : error;
}

/**
 * Signs in once more with the password and a code from the app, keeping nothing (no
 * session is made or replaced here): answers the new ID token, which shows the API a
 * sign-in with both factors this very minute. Errors carry the `step` that refused them.
 */
export async function freshIdToken(
  config: CognitoConfig & Pick<AppConfig, 'userPoolClientId'>,
  input: { email: string; password: string; code: string },
): Promise<string> {
  const ClientId = config.userPoolClientId;
  let answer: Record<string, unknown>;
  try {
    answer = await cognitoCall(config, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: input.email, PASSWORD: input.password },
    });
  } catch (error) {
    throw atStep('password', error);
  }
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const parameters = (answer.ChallengeParameters ?? {}) as Record<string, unknown>;
    const username =
      typeof parameters.USER_ID_FOR_SRP === 'string' ? parameters.USER_ID_FOR_SRP : input.email;
    try {
      answer = await cognitoCall(config, 'RespondToAuthChallenge', {
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: answer.Session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: input.code },
      });
    } catch (error) {
      throw atStep('code', error);
    }
  }
  const result = answer.AuthenticationResult as { IdToken?: unknown } | undefined;
  if (typeof result?.IdToken !== 'string') {
    throw atStep('password', cognitoError('InternalErrorException'));
  }
  return result.IdToken;
}

/**
 * Turns the own authenticator app off (`DELETE /api/account/mfa`, which needs a sign-in
 * with both factors in the last minutes): signs in afresh with the password and a code,
 * then asks the API with that sign-in's token. The API removes the app from the account
 * and ends every session; this browser signs out next (the caller).
 */
export async function turnOffTotp(
  config: CognitoConfig & Pick<AppConfig, 'userPoolClientId'>,
  input: { email: string; password: string; code: string },
): Promise<void> {
  const idToken = await freshIdToken(config, input);
  await apiRequest(routeUrl(staffApi, 'DELETE /api/account/mfa', {}), {
    method: 'DELETE',
    idToken,
  });
}
