import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { logger } from '../shared/logger';
import { getSiteSettings } from '../settings/repository';

/**
 * The refusal's message: Cognito answers the SignUp call with
 * `UserLambdaValidationException` "PreSignUp failed with error Sign-up is closed.", which
 * the register page shows as "sign-up is closed".
 */
export const signUpClosedMessage = 'Sign-up is closed';

/**
 * Cognito PreSignUp trigger: people may create their own account (`SignUp` from the
 * register page) only while an admin has turned self-registration on in the site settings
 * (off by default; docs/access-control.md). The user pool itself always allows sign-up:
 * this trigger decides, so the switch is a setting, not a deploy. Accounts an admin makes
 * (`PreSignUp_AdminCreateUser`) and federated ones are always admitted. When the settings
 * cannot be read, sign-up is refused (fails closed). Locally cognito-local calls this same
 * handler (bin/local/cognito.ts).
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  let open = false;
  try {
    open = (await getSiteSettings()).selfRegistration;
  } catch (error) {
    logger.warn('site settings unreadable: sign-up refused', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  if (!open) throw new Error(signUpClosedMessage);
  return event;
}
