import { fetchAuthSession, updatePassword } from 'aws-amplify/auth';
import { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import type { StaffMember } from '../../../../lambdas/shared/contract/schemas/staff';
import { api, answerParser } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';
import type { AppConfig } from '../../lib/config';

/**
 * The signed-in person's own account: password and sessions go to Cognito with the
 * user's access token (as AWS's user operations take it), with Amplify's (or Cognito's)
 * errors, named after Cognito's exceptions; the name goes through the API
 * (`PATCH /api/account`), which records the change in the audit log; the account facts
 * Cognito keeps only for administrators (when it was created) come from `GET /api/account`.
 */

/** The path of the caller's own account (name, email, role, created) as Cognito holds it now. */
export const ownAccountPath = routeUrl(staffApi, 'GET /api/account', {});

/** Reads `GET /api/account`'s answer, checking its shape. */
export const parseOwnAccount = answerParser(staffApi, 'GET /api/account');

/**
 * Changes the own name (`PATCH /api/account`, with its audit entry); answers the account
 * as it is now. Failures are the API's (`ApiError`).
 */
export function changeOwnName(name: string): Promise<StaffMember> {
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

/** Cognito's endpoint for the pool: cognito-local's address locally, the region's in AWS. */
export function cognitoEndpoint(config: Pick<AppConfig, 'region' | 'userPoolEndpoint'>): string {
  return config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
}

/**
 * Signs the account out on every device (`GlobalSignOut`): every refresh token stops
 * working, so every session ends at its next renewal. Called directly rather than
 * through Amplify's `signOut({ global: true })`, which clears this browser's tokens
 * even when Cognito could not be reached, and would leave the other sessions running
 * while saying they ended. Resolves when Cognito has answered yes.
 */
export async function signOutEverywhere(
  config: Pick<AppConfig, 'region' | 'userPoolEndpoint'>,
): Promise<void> {
  const accessToken = (await fetchAuthSession()).tokens?.accessToken?.toString();
  if (!accessToken) throw cognitoError('NotAuthorizedException');
  let response: Response;
  try {
    response = await fetch(cognitoEndpoint(config), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: JSON.stringify({ AccessToken: accessToken }),
    });
  } catch {
    throw cognitoError('NetworkError');
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { __type?: unknown; message?: unknown };
  // AWS may qualify the type: `com.amazonaws...#NotAuthorizedException`.
  const type = typeof body.__type === 'string' ? body.__type.split('#').pop() : undefined;
  throw cognitoError(
    type || 'InternalErrorException',
    typeof body.message === 'string' ? body.message : undefined,
  );
}
