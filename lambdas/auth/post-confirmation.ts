import { AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { getCognito } from '../shared/aws/cognito';
import { logger } from '../shared/logger';
import {
  isoOfSeconds,
  nextSecond,
  readAccountSecurity,
  revokeSessionsBefore,
  untilSecond,
} from '../shared/account-security';
import { within } from './within';

/**
 * How long the trigger waits for each step (the record's read with the global sign-out,
 * then the revocation's write); with the wait for the next second, 3.4 s at most, within
 * Cognito's 5 s.
 */
export const callTimeoutMs = 1_200;

/**
 * Cognito PostConfirmation trigger. After a password reset through "Forgot password"
 * (`ConfirmForgotPassword`, trigger source `PostConfirmation_ConfirmForgotPassword`) it
 * ends every session of the account, as the API's own resets do: tokens signed in or
 * issued before the next whole second are refused (`revokedBefore`, with an audit entry
 * `revoke` by the account itself, reason `passwordReset`) and its refresh tokens are
 * revoked (`AdminUserGlobalSignOut`). It answers once that second has come, so the sign-in
 * the person makes with the new password is not refused. A confirmed sign-up does nothing.
 *
 * It never lets a failure pass: it throws, and Cognito answers the confirmation with
 * `UserLambdaValidationException` ("PostConfirmation failed with error ..."). Cognito runs
 * the trigger after it has changed the password, so the new password stands; the person
 * sees the reset fail and may run it again, which runs this again (docs/access-control.md
 * "Sessions"). Locally cognito-local calls this same handler (bin/local/cognito.ts), and a
 * throw fails the confirmation there too.
 */
export async function handler(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return event;
  const { sub, email, name } = event.request.userAttributes;
  try {
    if (!sub) throw new Error('the event names no sub');
    // The record (for the entry's "before") and the refresh tokens' end, at once.
    const [security] = await Promise.all([
      within(readAccountSecurity(sub, { consistent: true }), callTimeoutMs, 'GetItem'),
      within(
        getCognito().send(
          new AdminUserGlobalSignOutCommand({
            UserPoolId: event.userPoolId,
            Username: event.userName,
          }),
        ),
        callTimeoutMs,
        'AdminUserGlobalSignOut',
      ),
    ]);
    const at = nextSecond();
    await within(
      revokeSessionsBefore(sub, at, {
        actor: { id: sub, ...(name ? { name } : {}), ...(email ? { email } : {}) },
        action: 'revoke',
        entity: 'staff',
        entityId: sub,
        ...(name ? { subjectLabel: name } : {}),
        ...(email ? { subjectDetail: email } : {}),
        changes: {
          sessionsBefore: { from: isoOfSeconds(security.revokedBefore), to: isoOfSeconds(at) },
          reason: { from: null, to: 'passwordReset' },
        },
      }),
      callTimeoutMs,
      'TransactWriteItems',
    );
    await untilSecond(at);
  } catch (error) {
    logger.error('sessions not ended after a password reset', {
      userName: event.userName,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Error('The sessions of the account could not be ended. Try again.', {
      cause: error,
    });
  }
  return event;
}
