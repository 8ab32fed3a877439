import { message, type MessageKey } from '../shared/contract/messages';
import { escapeHtml, renderMail } from '../shared/mail-layout';
import type { ReportRequestRecord } from './repository';
import { pdfPath } from './paths';

export interface ReportMail {
  subject: string;
  html: string;
  text: string;
  attachmentName: string;
}

/** The report mail in the request's language: the PDF attached, a link and the verification. */
export function reportMail(request: ReportRequestRecord, appUrl: string): ReportMail {
  const t = (key: MessageKey, params: Record<string, string> = {}) =>
    message(key, params, request.language);
  const link = `${appUrl}${pdfPath(request.id)}`;
  const date = request.pdfExpiresAt.slice(0, 10);
  const subject = t('mail.report.subject', {
    reportNumber: request.reportNumber ?? '',
    serialNumber: request.serialNumber,
  });
  const body = t('mail.report.body', {
    serialNumber: request.serialNumber,
    product: request.productName,
  });
  const expires = t('mail.report.expires', { date });
  const verify = t('mail.report.verify', { url: request.verificationUrl ?? '' });
  const ignore = t('mail.report.ignore');
  const html = renderMail({
    language: request.language,
    heading: t('mail.report.heading'),
    paragraphs: [escapeHtml(body), escapeHtml(expires), escapeHtml(verify), escapeHtml(ignore)],
    action: { label: t('mail.report.action'), href: link },
  });
  const text = [
    t('mail.report.heading'),
    '',
    body,
    '',
    `${t('mail.report.action')}: ${link}`,
    expires,
    '',
    verify,
    '',
    ignore,
  ].join('\n');
  return { subject, html, text, attachmentName: `${request.reportNumber ?? 'report'}.pdf` };
}
