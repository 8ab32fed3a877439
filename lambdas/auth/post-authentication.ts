import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { getCognito } from '../shared/aws/cognito';
import { logger } from '../shared/logger';
import { recordSignIn } from '../shared/account-security';

/**
 * How long the trigger waits for the account's read, then for the record's write: 3.5 s
 * at most in all. Cognito gives a trigger 5 s and fails the sign-in when it runs out, or
 * when the trigger throws.
 */
export const readTimeoutMs = 1_500;
export const recordTimeoutMs = 2_000;

/** `promise`, or a rejection once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether Cognito asks the account for an authenticator app's code at sign-in now
 * (`SOFTWARE_TOKEN_MFA` in its MFA list). The pool's id comes from the event: the trigger
 * has no other way to name its own pool (CDK cannot pass it without a cycle).
 */
async function hasAuthenticatorApp(event: PostAuthenticationTriggerEvent): Promise<boolean> {
  const user = await getCognito().send(
    new AdminGetUserCommand({ UserPoolId: event.userPoolId, Username: event.userName }),
  );
  return user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false;
}

/**
 * Cognito PostAuthentication trigger. It runs once per completed sign-in (after the
 * password or, with TOTP on, after the code; not on refresh) and:
 *
 * - records the account's last sign-in (`lastSignInAt` of its security record; the staff
 *   list shows it);
 * - when the account has no authenticator app in Cognito now, so this sign-in was made
 *   with the password alone, removes the account's second-factor confirmation
 *   (`mfaEnabledAt`): turning the app off in Cognito, signing in with the password and
 *   turning it back on must not make that password-only session count as signed in with
 *   a code (docs/access-control.md "Second factor"). The person confirms the app again.
 *   When the account cannot be read, the confirmation goes all the same (fail closed).
 *
 * The last sign-in is bookkeeping: a failure to record it is logged and the sign-in goes
 * on. Removing the confirmation is not: when that write fails while the account has no app
 * (or could not be read), the trigger throws, and Cognito refuses the sign-in
 * (UserLambdaValidationException); the person tries again. Locally cognito-local calls
 * this same handler (bin/local/cognito.ts) but ignores its failures.
 */
export async function handler(
  event: PostAuthenticationTriggerEvent,
): Promise<PostAuthenticationTriggerEvent> {
  const sub = event.request.userAttributes.sub;
  let withApp = false;
  try {
    withApp = await within(hasAuthenticatorApp(event), readTimeoutMs, 'AdminGetUser');
  } catch (error) {
    logger.warn('account not read at sign-in: its second-factor confirmation is removed', {
      userName: event.userName,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  try {
    if (!sub) throw new Error('the event names no sub');
    await within(
      recordSignIn(sub, new Date(), { withoutSecondFactor: !withApp }),
      recordTimeoutMs,
      'UpdateItem',
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!withApp) {
      logger.error('second-factor confirmation not removed: sign-in refused', {
        userName: event.userName,
        error: message,
      });
      throw new Error('The sign-in could not be recorded. Try again.', { cause: error });
    }
    logger.warn('last sign-in not recorded', { userName: event.userName, error: message });
  }
  return event;
}
