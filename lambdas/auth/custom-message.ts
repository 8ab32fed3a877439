import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { message, type Language } from '../shared/contract/messages';
import { getAppUrl } from '../shared/app-url';
import { escapeHtml, renderMail } from '../shared/mail-layout';
import { admitMail } from './code-mail-quota';

/**
 * A reset an admin asked for (`AdminResetUserPassword`, which says so in its client
 * metadata), worded as such. Anyone may pass client metadata to `ForgotPassword`, so
 * where Cognito names the account's status (`cognito:user_status`) the wording also needs
 * the status an admin's reset leaves, `RESET_REQUIRED`: someone asking for a reset of
 * another person's account cannot make it read as an admin's.
 */
function isAdminReset(event: CustomMessageTriggerEvent): boolean {
  const status = event.request.userAttributes['cognito:user_status'];
  return (
    event.request.clientMetadata?.reason === 'adminReset' &&
    (status === undefined || status === 'RESET_REQUIRED')
  );
}

/**
 * Cognito CustomMessage trigger: the mails Cognito sends (password reset, sign-up
 * code, invitation) in the user's language, with links into the web app. Cognito
 * replaces `{####}` (the code) and `{username}` itself; each appears once.
 * Every mail Cognito sends passes here, so here it may be refused ({@link admitMail}:
 * per-recipient quota, no email change for accounts without a role); a refusal fails the
 * Cognito call that asked for the mail and nothing is sent.
 * Locally cognito-local calls this same handler (bin/local/cognito.ts).
 */
export async function handler(
  event: CustomMessageTriggerEvent,
): Promise<CustomMessageTriggerEvent> {
  await admitMail(event);
  const language: Language = event.request.clientMetadata?.language === 'zh' ? 'zh' : 'en';
  const t = (key: Parameters<typeof message>[0]) => message(key, {}, language);
  const email = event.request.userAttributes.email ?? '';
  const code = event.request.codeParameter ?? '{####}';

  /** A mail that carries a code to type: its texts' group says what the code is for. */
  const codeMail = (texts: 'signUp' | 'emailChange') => {
    event.response.emailSubject = t(`mail.${texts}.subject`);
    event.response.emailMessage = renderMail({
      language,
      heading: t(`mail.${texts}.heading`),
      paragraphs: [
        escapeHtml(t(`mail.${texts}.body`)),
        `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
        escapeHtml(t(`mail.${texts}.after`)),
        escapeHtml(t(`mail.${texts}.ignore`)),
      ],
    });
  };

  switch (event.triggerSource) {
    case 'CustomMessage_ForgotPassword': {
      const link = `${await getAppUrl()}/reset-password?email=${encodeURIComponent(email)}&code=${code}`;
      const texts = isAdminReset(event) ? 'adminReset' : 'resetPassword';
      event.response.emailSubject = t(`mail.${texts}.subject`);
      event.response.emailMessage = renderMail({
        language,
        heading: t(`mail.${texts}.heading`),
        paragraphs: [escapeHtml(t(`mail.${texts}.body`)), escapeHtml(t(`mail.${texts}.ignore`))],
        action: { label: t(`mail.${texts}.action`), href: link },
      });
      break;
    }
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      codeMail('signUp');
      break;
    case 'CustomMessage_AdminCreateUser': {
      // The invitation (and its resend): the person signs in with their email; Cognito's
      // username (the account's id) stays in the mail as a reference, as Cognito wants it.
      const username = event.request.usernameParameter ?? '{username}';
      event.response.emailSubject = t('mail.invitation.subject');
      event.response.emailMessage = renderMail({
        language,
        heading: t('mail.invitation.heading'),
        paragraphs: [
          escapeHtml(t('mail.invitation.body')),
          `${escapeHtml(t('mail.invitation.username'))}: <strong>${escapeHtml(email)}</strong><br>` +
            `${escapeHtml(t('mail.invitation.password'))}: <strong>${code}</strong>`,
          escapeHtml(t('mail.invitation.after')),
          `<span style="color:#5f6b7a;font-size:12px">${escapeHtml(t('mail.invitation.reference'))}: ${username}</span>`,
        ],
        action: { label: t('mail.invitation.action'), href: `${await getAppUrl()}/login` },
      });
      break;
    }
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      // A new email address (sent to it), which replaces the old one only once confirmed.
      codeMail('emailChange');
      break;
    default:
      // Other messages (MFA, which this product does not use) keep Cognito's defaults.
      break;
  }
  return event;
}
