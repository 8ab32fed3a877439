import type { StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { callApi } from './api';
import { cognitoClientCall, setUpTotp, signIn, type SignedIn } from './cognito';
import type { StackInfo } from './stack-process';

/**
 * The first sign-in of an account an admin made (`FORCE_CHANGE_PASSWORD`), as the sign-in
 * page makes it: the temporary password, Cognito's `NEW_PASSWORD_REQUIRED` challenge, the
 * person's own password. Answers the tokens of the completed sign-in; throws when Cognito
 * does not ask for a new password.
 */
export async function firstSignIn(
  stack: StackInfo,
  email: string,
  temporaryPassword: string,
  newPassword: string,
): Promise<SignedIn> {
  const started = await cognitoClientCall(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
  });
  if (started.body.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
    throw new Error(`No new-password step for ${email}: ${JSON.stringify(started.body)}`);
  }
  const answered = await cognitoClientCall(stack, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: started.body.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
  });
  const result = answered.body.AuthenticationResult as SignedIn | undefined;
  if (!result) throw new Error(`New password refused: ${JSON.stringify(answered.body)}`);
  return result;
}

/**
 * An account made through `POST /api/staff` by the admin of `adminToken`, whose person has
 * made their first sign-in with `password` as their own (the typed temporary password
 * replaced by a chosen one): from then on `signIn(stack, email, password)` works. For tests
 * that need a working account, not the invitation itself.
 */
export async function createStaffAccount(
  stack: StackInfo,
  adminToken: string,
  account: { name: string; email: string; password: string; role: 'admin' | 'staff' },
  temporaryPassword = `Temporary-${account.password}`,
): Promise<StaffMember> {
  const created = await callApi<StaffMember>(stack, '/api/staff', {
    method: 'POST',
    token: adminToken,
    body: { ...account, password: temporaryPassword },
  });
  if (created.status !== 201) {
    throw new Error(`POST /api/staff answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  await firstSignIn(stack, account.email.toLowerCase(), temporaryPassword, account.password);
  return created.body;
}

/**
 * Gives a signed-in account an authenticator app as the account page does (Cognito set-up,
 * then the API's confirmation, which ends every session) and signs in again with a code:
 * the tokens carry the second factor admin routes need. Answers them and the secret.
 */
export async function enrolTotp(
  stack: StackInfo,
  email: string,
  password: string,
): Promise<{ tokens: SignedIn; secret: string }> {
  const before = await signIn(stack, email, password);
  const secret = await setUpTotp(stack, before.AccessToken);
  const confirmed = await callApi(stack, '/api/account/mfa', {
    method: 'POST',
    token: before.IdToken,
  });
  if (confirmed.status !== 204) {
    throw new Error(`POST /api/account/mfa answered ${confirmed.status}`);
  }
  return { tokens: await signIn(stack, email, password, secret), secret };
}
