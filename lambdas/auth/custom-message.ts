import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { message, type Language } from '../shared/contract/messages';
import { getAppUrl } from '../shared/app-url';
import { escapeHtml, renderMail } from '../shared/mail-layout';
import { admitMail } from './code-mail-quota';

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
      event.response.emailSubject = t('mail.resetPassword.subject');
      event.response.emailMessage = renderMail({
        language,
        heading: t('mail.resetPassword.heading'),
        paragraphs: [
          escapeHtml(t('mail.resetPassword.body')),
          escapeHtml(t('mail.resetPassword.ignore')),
        ],
        action: { label: t('mail.resetPassword.action'), href: link },
      });
      break;
    }
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      codeMail('signUp');
      break;
    case 'CustomMessage_AdminCreateUser': {
      const username = event.request.usernameParameter ?? '{username}';
      event.response.emailSubject = t('mail.invitation.subject');
      event.response.emailMessage = renderMail({
        language,
        heading: t('mail.invitation.heading'),
        paragraphs: [
          escapeHtml(t('mail.invitation.body')),
          `${escapeHtml(t('mail.invitation.username'))}: <strong>${username}</strong><br>` +
            `${escapeHtml(t('mail.invitation.password'))}: <strong>${code}</strong>`,
          escapeHtml(t('mail.invitation.after')),
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
