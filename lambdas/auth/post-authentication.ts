import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { getCognito } from '../shared/aws/cognito';
import { logger } from '../shared/logger';
import { recordSignIn } from '../shared/account-security';
import { within } from './within';

/**
 * How long the trigger waits for the account's read, then for the record's write: 4 s at
 * most in all. Cognito gives a trigger 5 s and fails the sign-in when it runs out, or when
 * the trigger throws.
 */
export const readTimeoutMs = 2_000;
export const recordTimeoutMs = 2_000;

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
 *
 * The last sign-in is bookkeeping: a failure to record it is logged and the sign-in goes
 * on. The second factor is not: when the account cannot be read (so whether this sign-in
 * passed a code is unknown), or the confirmation of an account without its app cannot be
 * removed, the trigger throws and Cognito refuses the sign-in
 * (UserLambdaValidationException); the person tries again, and nothing is lost (a failed
 * read does not take a confirmation away from an account that has its app). Locally cognito-local calls
 * this same handler (bin/local/cognito.ts), and a throw refuses the sign-in there too.
 */
export async function handler(
  event: PostAuthenticationTriggerEvent,
): Promise<PostAuthenticationTriggerEvent> {
  const sub = event.request.userAttributes.sub;
  let withApp: boolean;
  try {
    withApp = await within(hasAuthenticatorApp(event), readTimeoutMs, 'AdminGetUser');
  } catch (error) {
    logger.error('account not read at sign-in: sign-in refused', {
      userName: event.userName,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Error('The sign-in could not be checked. Try again.', { cause: error });
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
