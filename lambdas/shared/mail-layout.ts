/** Escapes text for HTML: names and addresses never become markup in an email. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailContent {
  language: 'en' | 'zh';
  heading: string;
  /** Paragraphs, already escaped or built from escaped parts. */
  paragraphs: string[];
  action?: { label: string; href: string };
}

/**
 * A plain, widely readable HTML email: one column, one button. The link is not also
 * printed as text: Cognito fills in `{####}` once, so the code must appear only once.
 */
export function renderMail({ language, heading, paragraphs, action }: MailContent): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${action.href}" style="background:#0972d3;color:#ffffff;` +
      `padding:10px 18px;border-radius:20px;text-decoration:none;font-weight:bold">` +
      `${escapeHtml(action.label)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="${language === 'zh' ? 'zh-Hant-TW' : 'en'}"><body ` +
    `style="font-family:Arial,'Noto Sans TC',sans-serif;color:#000716;max-width:560px;margin:auto;padding:16px">` +
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>` +
    paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('') +
    button +
    `</body></html>`
  );
}
