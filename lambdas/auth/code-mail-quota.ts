import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { getConfig } from '../shared/config';
import { codeMailLimitReason } from '../shared/contract/code-mail';
import { isRole, roleClaim } from '../shared/contract/roles';
import { emailQuotaSubject, secondsLeftInWindow, takeFromQuota, type Quota } from '../shared/quota';

/**
 * Mails anyone can make Cognito send without being an approved user: a sign-up code (and
 * its resend), a password-reset link, a code for a new email address. Each names its
 * recipient freely, so each counts against the recipient's quota. The invitation
 * (`AdminCreateUser`) is an admin's act and is not counted.
 */
const countedSources = new Set<string>([
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
  'CustomMessage_ForgotPassword',
  'CustomMessage_UpdateUserAttribute',
  'CustomMessage_VerifyUserAttribute',
]);

/** Codes for a new email address: only for accounts that may use the app. */
const emailChangeSources = new Set<string>([
  'CustomMessage_UpdateUserAttribute',
  'CustomMessage_VerifyUserAttribute',
]);

/**
 * Why the trigger refuses to let Cognito send a mail. Cognito answers the call that asked
 * for the mail with `UserLambdaValidationException` "CustomMessage failed with error
 * <message>." (Cognito adds the full stop) and sends nothing; the message says nothing of
 * the account.
 */
export class MailRefusedError extends Error {
  override name = 'MailRefusedError';
}

/** The configured quota of Cognito's mails to one recipient. */
export function codeMailQuota(email: string): Quota {
  const config = getConfig();
  return {
    kind: 'codeMail',
    subject: emailQuotaSubject(email),
    limit: config.CODE_MAIL_LIMIT_PER_EMAIL,
    minutes: config.CODE_MAIL_LIMIT_WINDOW_MINUTES,
  };
}

/**
 * Lets a mail go, or throws {@link MailRefusedError}: an account without a role (awaiting
 * approval) cannot have codes sent to a new address (a role-less account counts as signed
 * out everywhere; a disabled one has no working access token, as Cognito revokes them),
 * and no recipient gets more than its quota of code mails per window. The count is one
 * conditional write (lambdas/shared/quota.ts, as the report-request quotas).
 */
export async function admitMail(event: CustomMessageTriggerEvent, now = new Date()): Promise<void> {
  const source = event.triggerSource;
  const attributes = event.request.userAttributes;
  if (emailChangeSources.has(source) && !isRole(attributes[roleClaim])) {
    throw new MailRefusedError('This account may not change its email address');
  }
  if (!countedSources.has(source)) return;
  // The address the mail goes to (for an email change, the new one the event names).
  const recipient = attributes.email ?? '';
  if (recipient === '') throw new MailRefusedError('No email address to send to');
  const quota = codeMailQuota(recipient);
  if (!(await takeFromQuota(quota, now))) {
    const minutes = Math.ceil(secondsLeftInWindow(quota, now) / 60);
    throw new MailRefusedError(
      `${codeMailLimitReason}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    );
  }
}
