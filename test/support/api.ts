import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import type { StackInfo } from './stack-process';

/** Calls the API as the web app does: JSON in and out, the ID token as a bearer token. */
export async function callApi<T = unknown>(
  stack: StackInfo,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T & Partial<ErrorBody> }> {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T & Partial<ErrorBody>,
  };
}

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { html?: string; text?: string };
  at: number;
}

/** Mails the SES emulator holds for `to`, newest last. */
export async function mailsTo(stack: StackInfo, to: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${stack.mailViewerUrl}/store`)).json()) as {
    emails: StoredMail[];
  };
  return store.emails.filter((mail) => mail.destination.to.includes(to));
}
