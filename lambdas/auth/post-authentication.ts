import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { logger } from '../shared/logger';
import { recordSignIn } from '../shared/account-security';

/**
 * How long the trigger waits for its write. Cognito gives a trigger 5 s in all and fails
 * the sign-in when it runs out, or when the trigger throws; the last sign-in is
 * bookkeeping, and must never keep anyone out.
 */
export const recordTimeoutMs = 2_000;

/**
 * Cognito PostAuthentication trigger: records the account's last completed sign-in
 * (`lastSignInAt` of its security record; the staff list shows it). It runs once per
 * sign-in, after the password or, with TOTP on, after the code; not on refresh. It never
 * fails: an unreachable table or a slow write is logged and the sign-in goes on, in AWS
 * (where a failure would refuse the sign-in) as locally (cognito-local ignores failures).
 * Locally cognito-local calls this same handler (bin/local/cognito.ts).
 */
export async function handler(
  event: PostAuthenticationTriggerEvent,
): Promise<PostAuthenticationTriggerEvent> {
  const sub = event.request.userAttributes.sub;
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!sub) throw new Error('the event names no sub');
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${recordTimeoutMs} ms`)),
        recordTimeoutMs,
      );
    });
    await Promise.race([recordSignIn(sub), timedOut]);
  } catch (error) {
    logger.warn('last sign-in not recorded', {
      userName: event.userName,
      error: error instanceof Error ? error.message : String(error),
    });
  } finally {
    clearTimeout(timer);
  }
  return event;
}
